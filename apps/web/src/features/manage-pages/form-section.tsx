import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled group of the page form (Page, Template, Content, Banner, Slides). */
export function FormSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: 2,
        pt: 1,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Two fields side by side from the small tablet width, one above the other on a phone. */
export function FieldPair({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' }, gap: 2 }}>
      {children}
    </Box>
  );
}
