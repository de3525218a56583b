import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TPageTemplateInput } from '@stp/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/index.js';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

// TipTap is heavy: it loads with the first editor shown, in a chunk of its own.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor.js').then((m) => ({ default: m.RichTextEditor })),
);

const languages = ['en', 'fr'] as const;
/** The tabs' names: each language in itself, short enough for two tabs on a phone. */
const endonyms = { en: 'English', fr: 'Français' } as const;

function LanguageEditor(props: {
  control: Control<TPageTemplateInput, unknown, unknown>;
  lang: 'en' | 'fr';
  readOnly: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  const { field, fieldState } = useController({ control: props.control, name: `content_${props.lang}` });
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid={`content-editor-${props.lang}`}>
      <Suspense
        fallback={
          <Box aria-busy="true" aria-label={t('managePages.editor.loading')}>
            <Skeleton variant="rounded" height={280} />
          </Box>
        }
      >
        <RichTextEditor
          value={field.value ?? ''}
          onChange={field.onChange}
          label={props.label}
          lang={props.lang}
          readOnly={props.readOnly}
          describedBy={helpId}
        />
      </Suspense>
      <Typography id={helpId} variant="caption" color={fieldState.error ? 'error' : 'text.secondary'}>
        {fieldState.error?.message
          ? translateMessage(fieldState.error.message)
          : t('managePages.editor.sanitised')}
      </Typography>
    </Box>
  );
}

/**
 * The page content in English and French: the two rich-text editors side by side on a wide screen (the
 * translator sees the English while writing the French), one per language tab on a phone, where two
 * editors side by side would be too narrow to write in.
 */
export function ContentEditor(props: {
  control: Control<TPageTemplateInput, unknown, unknown>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const sideBySide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [lang, setLang] = useState<'en' | 'fr'>('en');
  const id = useId();
  const languageName = (code: 'en' | 'fr') => t(`managePages.fields.content_${code}`);
  const errors = languages.filter((code) => props.control.getFieldState(`content_${code}`).error);
  const editor = (code: 'en' | 'fr') => (
    <LanguageEditor
      control={props.control}
      lang={code}
      readOnly={props.readOnly}
      label={languageName(code)}
    />
  );
  if (sideBySide)
    return (
      <Box
        data-testid="content-side-by-side"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
          gap: 2,
          alignItems: 'start',
        }}
      >
        {languages.map((code) => (
          <Box key={code} role="group" aria-labelledby={`${id}-heading-${code}`} sx={{ minWidth: 0 }}>
            <Typography id={`${id}-heading-${code}`} component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              {languageName(code)}
            </Typography>
            {editor(code)}
          </Box>
        ))}
      </Box>
    );
  return (
    <Box>
      <Tabs
        value={lang}
        onChange={(_event, value: 'en' | 'fr') => setLang(value)}
        aria-label={t('managePages.editor.languages')}
        variant="fullWidth"
        sx={{ mb: 1 }}
      >
        {languages.map((code) => (
          <Tab
            key={code}
            value={code}
            label={<span lang={code}>{endonyms[code]}</span>}
            id={`${id}-tab-${code}`}
            aria-controls={`${id}-panel-${code}`}
            data-testid={`content-tab-${code}`}
          />
        ))}
      </Tabs>
      {errors.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errors.map((code) => languageName(code)).join(', ')}
        </Alert>
      )}
      {languages.map((code) => (
        <Box
          key={code}
          role="tabpanel"
          id={`${id}-panel-${code}`}
          aria-labelledby={`${id}-tab-${code}`}
          hidden={lang !== code}
        >
          {lang === code && editor(code)}
        </Box>
      ))}
    </Box>
  );
}
