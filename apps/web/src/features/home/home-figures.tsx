import type { THome } from '@stp/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Placeholder } from './home-ui.js';

const figureKeys = [
  'restrictions_in_force',
  'partner_states',
  'sectors_covered',
  'notifications_this_year',
  'complaints_resolved',
] as const;

/** The headline figures: five numbers with their labels (skeletons while the home data loads). */
export function HomeFigures({ figures }: { figures: THome['figures'] | null }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-FR' : 'en-GB');
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
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`homePage.figures.${key}`)}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontSize: '2rem', fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }}
            >
              {figures ? numbers.format(figures[key]) : <Placeholder height="2.4rem" width="60%" />}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
