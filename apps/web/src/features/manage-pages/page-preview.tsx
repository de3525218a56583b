import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { inLanguage, type TContentPage, type TPageTemplateAdminItem } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageView } from '../content-pages/page-view.js';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

/** The saved record as the public page answer would carry it, in one language (images by staff address). */
export function previewPage(item: TPageTemplateAdminItem, lang: 'en' | 'fr'): TContentPage {
  const one = (en: string, fr: string) => {
    const text = lang === 'fr' ? fr || en : en;
    return { en: text, fr: text };
  };
  const content = inLanguage(item.content_en, item.content_fr, lang);
  return {
    slug: item.page?.slug ?? '',
    title: one(item.page?.title_en ?? item.title, item.page?.title_fr ?? item.title),
    lang,
    template: {
      title: item.title,
      layout: item.layout,
      banner_url: item.banner_url,
      banner_attachment: item.banner_attachment,
      slide_interval: item.slide_interval,
      slides: item.slides.map((slide) => ({
        image_url: slide.image_url,
        caption: one(slide.caption_en, slide.caption_fr),
      })),
    },
    // As the server answers it: the English content, said to be English, while the French is empty.
    content: content.text,
    content_lang: content.lang,
    updated_on: item.updated_at,
  };
}

/**
 * The preview tab: the saved page rendered by the public renderer itself (features/content-pages), in
 * English or French, with a link to the public address once it is published.
 */
export function PagePreview({ item }: { item: TPageTemplateAdminItem }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<'en' | 'fr'>(i18n.language === 'fr' ? 'fr' : 'en');
  const published = item.status === 'published' && !item.archived && item.page;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="page-preview">
      <Typography variant="body2" color="text.secondary">
        {t('managePages.preview.note')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={lang}
          onChange={(_event, value: 'en' | 'fr' | null) => value && setLang(value)}
          aria-label={t('managePages.preview.language')}
        >
          <ToggleButton value="en" lang="en">
            English
          </ToggleButton>
          <ToggleButton value="fr" lang="fr">
            Français
          </ToggleButton>
        </ToggleButtonGroup>
        {published && item.page && (
          <Button
            component={RouterLink}
            to={item.page.public_path}
            target="_blank"
            endIcon={<OpenInNew aria-hidden />}
          >
            {t('managePages.preview.open')}
          </Button>
        )}
      </Box>
      {!published && <Alert severity="info">{t('managePages.preview.unpublished')}</Alert>}
      <Paper variant="outlined" lang={lang} sx={{ p: { xs: 1.5, sm: 3 }, overflow: 'hidden' }}>
        <PageView page={previewPage(item, lang)} />
      </Paper>
    </Box>
  );
}
