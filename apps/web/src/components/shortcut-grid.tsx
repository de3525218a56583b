import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface Shortcut {
  key: string;
  to: string;
  title: string;
  text?: string;
}

/** A grid of linked cards: the home page's entry points, the dashboard's shortcuts. */
export function ShortcutGrid({
  items,
  headingLevel = 'h3',
}: {
  items: Shortcut[];
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Grid key={item.key} size={{ xs: 12, sm: 6, md: 4 }} component="li">
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={item.to}
              sx={{ height: '100%', alignItems: 'flex-start' }}
              data-testid={`shortcut-${item.key}`}
            >
              <CardContent>
                <Typography component={headingLevel} variant="h3" sx={{ mb: 0.5, color: 'primary.main' }}>
                  {item.title}
                </Typography>
                {item.text && (
                  <Typography variant="body2" color="text.secondary">
                    {item.text}
                  </Typography>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
