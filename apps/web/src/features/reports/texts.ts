import type { TLabel, TMetricData } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '../../i18n/index.js';
import en from './i18n/en.json';
import fr from './i18n/fr.json';

// The report renderer's texts travel with its chunk.
registerTexts({ en, fr });

/** The interface language and helpers to show a server label or a metric value in it. */
export function useInsightLocale() {
  const { i18n } = useTranslation();
  const language: 'en' | 'fr' = i18n.language === 'fr' ? 'fr' : 'en';
  const numbers = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 3 });
  return {
    language,
    // A report's text not translated yet reads in English (the report's heading marks it).
    label: (label: TLabel) => label[language] || label.en,
    value: (value: number | null | undefined) =>
      value === null || value === undefined ? '–' : numbers.format(value),
  };
}

/** True when a data set has nothing to draw. */
export function isEmptyData(data: TMetricData): boolean {
  return data.series.length === 0 || data.series.every((series) => series.values.every((value) => !value));
}
