import type { THome } from '@stp/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Placeholder } from './home-ui.js';

const figureKeys = [
  'restrictions_in_force',
  'partner_states',
  'sectors_covered',
  'notifications_this_year',
  'complaints_resolved',
] as const;

type FigureKey = (typeof figureKeys)[number];

/**
 * The view each figure counts: the same public records under the same filter (home.service.ts counts them
 * with each list's visibility rule), so the number on the home page is the number the view shows.
 */
export function figureLinks(year: number): Record<FigureKey, string> {
  return {
    restrictions_in_force: '/public/browse?status=in_force',
    // The partner states are the countries of the browse filter and of the home's "by country" list.
    partner_states: '#home-countries',
    sectors_covered: '/public/page/sectors',
    notifications_this_year: `/public/notifications?from=${year}-01-01`,
    complaints_resolved: '/public/complaints/list?status=resolved',
  };
}

/** The headline figures: five numbers with their labels (skeletons while the home data loads). */
export function HomeFigures({ figures }: { figures: THome['figures'] | null }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-FR' : 'en-GB');
  // The server counts this year's notifications by its (UTC) calendar.
  const links = figureLinks(new Date().getUTCFullYear());
  return (
    <Box component="section" aria-labelledby="home-figures" sx={{ mb: { xs: 4, sm: 5 } }}>
      <Typography id="home-figures" variant="h2" sx={{ mb: 2 }}>
        {t('homePage.figures.title')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
          gap: 2,
          m: 0,
        }}
      >
        {figureKeys.map((key) => (
          <Box
            key={key}
            data-testid={`figure-${key}`}
            sx={{
              // The card is the link's target area (its ::after covers it).
              position: 'relative',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
              display: 'flex',
              flexDirection: 'column-reverse',
              // The number on top (dd after dt, shown reversed), at the same height in every card of a
              // row when a neighbour's label takes two lines.
              justifyContent: 'flex-end',
            }}
          >
            <Typography component="dt" variant="body2" color="text.secondary" id={`figure-label-${key}`}>
              {t(`homePage.figures.${key}`)}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: '2rem', fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }}
            >
              {figures ? (
                // Its name is the number and its label ("1,234 Restrictions in force"), the number first as shown.
                <Link
                  component={RouterLink}
                  to={links[key]}
                  id={`figure-value-${key}`}
                  aria-labelledby={`figure-value-${key} figure-label-${key}`}
                  underline="hover"
                  color="inherit"
                  data-testid={`figure-link-${key}`}
                  sx={{
                    '&::after': { content: '""', position: 'absolute', inset: 0 },
                    '&:focus-visible': { outline: 'none' },
                  }}
                >
                  {numbers.format(figures[key])}
                </Link>
              ) : (
                <Placeholder height="2.4rem" width="60%" />
              )}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
