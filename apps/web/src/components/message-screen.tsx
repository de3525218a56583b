import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageHead, usePageStatus } from '../ssr/page-render.js';

/** A full-width message with an icon, a heading, a text and actions: not found, access denied, errors. */
export function MessageScreen(props: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
  testId?: string;
  /** The screen's HTTP status on a server-rendered page (404 for a record that does not exist). */
  status?: number;
  /** The page's meta description on a server-rendered page. */
  description?: string;
}) {
  usePageStatus(props.status);
  usePageHead(props.status ? props.title : undefined, props.description);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}
      data-testid={props.testId}
    >
      <Box sx={{ color: 'primary.main', '& svg': { fontSize: 64 } }} aria-hidden>
        {props.icon}
      </Box>
      <Typography variant="h1" sx={{ mt: 2, mb: 1.5 }}>
        {props.title}
      </Typography>
      <Typography color="text.secondary">{props.text}</Typography>
      {props.actions && (
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 3, flexWrap: 'wrap', gap: 1 }}>
          {props.actions}
        </Stack>
      )}
    </Paper>
  );
}
