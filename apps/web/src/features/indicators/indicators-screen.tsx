import BarChartIcon from '@mui/icons-material/BarChart';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import GridOnIcon from '@mui/icons-material/GridOn';
import PieChartIcon from '@mui/icons-material/PieChart';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import TableChartIcon from '@mui/icons-material/TableChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { insightsApiPaths, type TIndicator } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import './texts.js';

const icons = {
  bar: BarChartIcon,
  line: ShowChartIcon,
  pie: PieChartIcon,
  heatmap: GridOnIcon,
  table: TableChartIcon,
};

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** Indicators (spec 2, `/public/indicators`): a card per indicator with its chart type and description. */
export function IndicatorsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const query = useQuery(apiQuery<{ results: TIndicator[] }>(insightsApiPaths.indicators));
  const list = query.data?.results;
  return (
    <>
      <ScreenHeading title={t('indicators.title')} intro={t('indicators.intro')} />
      <Link
        component={RouterLink}
        to="/public/compare"
        data-testid="compare-link"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 3, mt: -1 }}
      >
        <CompareArrowsIcon fontSize="small" aria-hidden="true" />
        {t('compareLink.indicators')}
      </Link>
      {query.isError && <Alert severity="error">{t('reports.failed')}</Alert>}
      {query.isPending && (
        <Box component="ul" sx={grid} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <Skeleton variant="rounded" height={160} />
            </li>
          ))}
        </Box>
      )}
      {list?.length === 0 && <Typography color="text.secondary">{t('indicators.empty')}</Typography>}
      {list && list.length > 0 && (
        <Box component="ul" sx={grid}>
          {list.map((indicator) => {
            const Icon = icons[indicator.chart_type] ?? BarChartIcon;
            return (
              <li key={indicator.slug}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={`/public/indicator/${encodeURIComponent(indicator.slug)}`}
                    sx={{ height: '100%', alignItems: 'flex-start', display: 'flex' }}
                    data-testid={`indicator-${indicator.slug}`}
                  >
                    <CardContent sx={{ display: 'flex', gap: 2 }}>
                      <Box
                        aria-hidden="true"
                        sx={{
                          flex: 'none',
                          width: 56,
                          height: 56,
                          borderRadius: 2,
                          display: 'grid',
                          placeItems: 'center',
                          bgcolor: 'action.hover',
                          color: 'primary.main',
                        }}
                      >
                        <Icon fontSize="large" />
                      </Box>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography component="h2" variant="h3" sx={{ mb: 0.5, color: 'primary.main' }}>
                          {indicator.title[language]}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                          {indicator.description[language]}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t(`indicators.chart.${indicator.chart_type}`)}
                        </Typography>
                      </Box>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            );
          })}
        </Box>
      )}
    </>
  );
}
