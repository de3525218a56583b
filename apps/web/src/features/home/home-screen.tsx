import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ShortcutGrid } from '../../components/shortcut-grid.js';
import { Notice } from './home-ui.js';
import { HomeFeatured } from './home-featured.js';
import { HomeFigures } from './home-figures.js';
import { HomeEntryPoints, HomeNotifications } from './home-lists.js';
import { useHomeData } from './use-home-data.js';

const entryPoints = ['browse', 'sectors', 'notifications', 'indicators', 'complaints', 'sms'] as const;
const entryPaths: Record<(typeof entryPoints)[number], string> = {
  browse: '/public/browse',
  sectors: '/public/page/sectors',
  notifications: '/public/notifications',
  indicators: '/public/indicators',
  complaints: '/public/complaints',
  sms: '/public/about/sms-how-to',
};

/**
 * Home (spec 2): what the portal offers, its headline figures, the featured insights (reports rendered
 * live, in lazy chunks), the latest notifications and entry points by sector and by partner state.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const state = useHomeData();
  const home = state.status === 'ready' ? state.home : null;
  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-title"
        sx={{ py: { xs: 2, sm: 5 }, mb: { xs: 3, sm: 4 }, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="overline" component="p" color="text.secondary">
          {t('app.community')}
        </Typography>
        <Typography id="home-title" variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.5rem' }, mb: 2 }}>
          {t('home.title')}
        </Typography>
        <Typography sx={{ maxWidth: 720, mb: 3, fontSize: { sm: '1.125rem' } }} color="text.secondary">
          {t('home.intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" size="large" component={RouterLink} to="/public/browse">
            {t('home.browse')}
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to="/public/complaints">
            {t('home.report')}
          </Button>
        </Stack>
      </Box>
      {state.status === 'failed' && <Notice>{t('homePage.failed')}</Notice>}
      {state.status !== 'failed' && (
        <>
          <HomeFigures figures={home?.figures ?? null} />
          <HomeFeatured insights={home?.featured ?? null} />
          <HomeNotifications notifications={home?.notifications ?? null} />
          <HomeEntryPoints home={home} />
        </>
      )}
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('home.explore')}
      </Typography>
      <ShortcutGrid
        items={entryPoints.map((key) => ({
          key,
          to: entryPaths[key],
          title: t(`nav.${key}`),
          text: t(`home.entry.${key}`),
        }))}
      />
    </>
  );
}
