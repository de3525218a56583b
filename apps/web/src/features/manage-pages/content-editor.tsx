import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
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
    <Box sx={{ display: 'grid', gap: 1 }}>
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

/** The page content in English and French, one rich-text editor per language tab. */
export function ContentEditor(props: {
  control: Control<TPageTemplateInput, unknown, unknown>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<'en' | 'fr'>('en');
  const id = useId();
  const languageName = (code: 'en' | 'fr') => t(`managePages.fields.content_${code}`);
  const errors = languages.filter((code) => props.control.getFieldState(`content_${code}`).error);
  return (
    <Box>
      <Tabs
        value={lang}
        onChange={(_event, value: 'en' | 'fr') => setLang(value)}
        aria-label={t('managePages.editor.languages')}
        sx={{ mb: 1 }}
      >
        {languages.map((code) => (
          <Tab
            key={code}
            value={code}
            label={languageName(code)}
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
          {lang === code && (
            <LanguageEditor
              control={props.control}
              lang={code}
              readOnly={props.readOnly}
              label={languageName(code)}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}
