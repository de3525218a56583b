import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One block of the dashboard: a titled card with an optional link at its foot. */
export function FigureCard(props: {
  title: string;
  testId: string;
  children: ReactNode;
  action?: { to: string; label: string };
  extraAction?: { to: string; label: string };
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={props.title}
      data-testid={props.testId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
      {(props.action || props.extraAction) && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {[props.action, props.extraAction].map(
            (action) =>
              action && (
                <Button key={action.to} component={RouterLink} to={action.to} size="small">
                  {action.label}
                </Button>
              ),
          )}
        </CardActions>
      )}
    </Card>
  );
}
