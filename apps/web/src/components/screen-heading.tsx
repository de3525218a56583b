import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A signed-in screen's title (the page's one h1) and the sentence under it. */
export function ScreenHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
    </>
  );
}
