import Box from '@mui/material/Box';
import { inLanguage, pairInLanguage, type TLanguage, type TShownText } from '@stp/shared';
import type { ElementType } from 'react';
import { useTranslation } from 'react-i18next';

/** The interface language as a content language (en or fr). */
export function useContentLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return i18n.language.startsWith('fr') ? 'fr' : 'en';
}

/**
 * Picks a bilingual field's text for the visitor (shared `inLanguage`: French when translated, else the
 * English text flagged as a fallback). `pair` takes the `{ en, fr }` form of sectors, publications, pages.
 */
export function useShownText() {
  const lang = useContentLanguage();
  return {
    lang,
    field: (english: string, french: string | null | undefined): TShownText =>
      inLanguage(english, french, lang),
    pair: (pair: { en: string; fr: string } | null | undefined): TShownText => pairInLanguage(pair, lang),
  };
}

/** The small "English only" marker beside a text shown untranslated to a French reader. */
export function EnglishOnly({
  sx,
}: {
  /** Margins, and colours where the marker sits on a picture (a page's banner). */
  sx?: { ml?: number; mr?: number; mb?: number; color?: string; borderColor?: string; bgcolor?: string };
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      data-testid="english-only"
      sx={{
        display: 'inline-block',
        verticalAlign: 'middle',
        ml: 1,
        px: 0.75,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.secondary',
        fontFamily: 'body2.fontFamily',
        fontSize: '0.75rem',
        fontWeight: 500,
        lineHeight: 1.6,
        letterSpacing: 0,
        textTransform: 'none',
        whiteSpace: 'nowrap',
        ...sx,
      }}
    >
      {t('language.englishOnly')}
    </Box>
  );
}

/**
 * A shown text: `lang="en"` on it when it is the English fallback (screen readers switch voice), and the
 * "English only" marker after it (inline) unless `marker` is false (the caller places it).
 */
export function ShownText({
  text,
  component = 'span',
  className,
  marker = true,
}: {
  text: TShownText;
  component?: ElementType;
  className?: string;
  /** Where the marker goes: after the text (inline), before it (a clipped text), or nowhere (false). */
  marker?: boolean | 'before';
}) {
  return (
    <>
      {marker === 'before' && text.fallback && <EnglishOnly sx={{ ml: 0, mr: 1 }} />}
      <Box component={component} className={className} lang={text.fallback ? 'en' : undefined}>
        {text.text}
      </Box>
      {marker === true && text.fallback && <EnglishOnly />}
    </>
  );
}
