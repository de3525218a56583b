import type { TReportAdminItem } from '@stp/shared';

/** The report form's values: params spelled out field by field, blanks meaning "not set". */
export interface ReportFormValues {
  title_en: string;
  title_fr: string;
  description_en: string;
  description_fr: string;
  display_type: string;
  index: number | string;
  display_height: number | string;
  params: {
    metric: string;
    dimension: string;
    filters: { country: string; sector: string; year_from: string | number; year_to: string | number };
    url: string;
  };
  tag_ids: number[];
  featured: boolean;
}

export const emptyReportValues: ReportFormValues = {
  title_en: '',
  title_fr: '',
  description_en: '',
  description_fr: '',
  display_type: 'bar',
  index: 0,
  display_height: 360,
  params: {
    metric: 'restrictions_by_country',
    dimension: '',
    filters: { country: '', sector: '', year_from: '', year_to: '' },
    url: '',
  },
  tag_ids: [],
  featured: false,
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : '');

/** A stored report as form values. */
export function reportFormValues(item: TReportAdminItem): ReportFormValues {
  const params = item.params;
  const filters = (params.filters ?? {}) as Record<string, unknown>;
  return {
    title_en: item.title_en,
    title_fr: item.title_fr,
    description_en: item.description_en,
    description_fr: item.description_fr,
    display_type: item.display_type,
    index: item.index,
    display_height: item.display_height,
    params: {
      metric: String(text(params.metric) || emptyReportValues.params.metric),
      dimension: String(text(params.dimension)),
      filters: {
        country: String(text(filters.country)),
        sector: String(text(filters.sector)),
        year_from: text(filters.year_from),
        year_to: text(filters.year_to),
      },
      url: String(text(params.url)),
    },
    tag_ids: item.tag_ids,
    featured: item.featured,
  };
}
