import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

// Part of the first load (the route table imports it): MUI's Box and Typography only, and the two texts
// it shows live in the app's own texts, not in the catalogue's.

/** The heading and introduction of Browse Restrictions. */
export function BrowseHeader() {
  const { t } = useTranslation();
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('catalogue.browse.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 820 }}>
        {t('catalogue.browse.intro')}
      </Typography>
    </Box>
  );
}

/**
 * What Browse Restrictions shows while its screen's chunks arrive on a first visit (the route's
 * HydrateFallback): the layout around it and its heading paint with the app instead of after the
 * screen's forty files. A sector's page shows its own heading once its data arrives, so there the
 * placeholder only keeps the footer below the fold, as the screen will.
 */
export function BrowsePlaceholder() {
  const { category } = useParams();
  return <Box sx={{ minHeight: '100vh' }}>{!category && <BrowseHeader />}</Box>;
}
