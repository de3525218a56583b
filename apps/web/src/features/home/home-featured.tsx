import type { THomeFeaturedInsight } from '@stp/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Placeholder, TextLink } from './home-ui.js';
import { InsightReport } from './insight-report.js';
import { formatDay } from './use-home-data.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

function Insight({ insight }: { insight: THomeFeaturedInsight }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const headingId = `insight-${insight.id}`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h3" sx={{ mb: 0.5 }}>
        {insight.title[language]}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('homePage.featured.published', { date: formatDay(insight.published_on, language) })}
      </Typography>
      {insight.summary[language] && <Typography sx={{ mb: 2 }}>{insight.summary[language]}</Typography>}
      {insight.report && (
        <Box sx={{ mb: insight.link_url ? 2 : 0 }}>
          <InsightReport report={insight.report} reportData={insight.report_data} />
        </Box>
      )}
      {insight.link_url && (
        <TextLink to={insight.link_url} style={{ position: 'relative' }}>
          {t('homePage.featured.readMore')}
          <Box component="span" sx={visuallyHidden}>
            {`: ${insight.title[language]}`}
          </Box>
        </TextLink>
      )}
    </Paper>
  );
}

/** The featured-insights list: each insight with its report drawn from the data the home answer carries. */
export function HomeFeatured({ insights }: { insights: THomeFeaturedInsight[] | null }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="home-featured" sx={{ mb: { xs: 4, sm: 5 } }}>
      <Typography id="home-featured" variant="h2" sx={{ mb: 2 }}>
        {t('homePage.featured.title')}
      </Typography>
      {insights === null ? (
        <Placeholder height={320} />
      ) : insights.length === 0 ? (
        <Typography color="text.secondary">{t('homePage.featured.empty')}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            gap: 3,
          }}
        >
          {insights.map((insight) => (
            <Insight key={insight.id} insight={insight} />
          ))}
        </Box>
      )}
    </Box>
  );
}
