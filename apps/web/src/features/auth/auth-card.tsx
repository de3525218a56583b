import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The frame of the authentication screens: a heading, an optional intro, the form. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The main button of an authentication form: full width, disabled while the form is sent. */
export function AuthSubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} disabled={busy}>
      {children}
    </Button>
  );
}

/** The line under an authentication form that leads to the other screen ("No account yet? Sign up"). */
export function AuthAlternative({ text, linkText, to }: { text: string; linkText: string; to: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      {text}{' '}
      <Link component={RouterLink} to={to}>
        {linkText}
      </Link>
    </Typography>
  );
}
