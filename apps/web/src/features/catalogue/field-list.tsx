import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A labelled value of a record; `wide` spans the whole row (long texts). */
export interface FieldEntry {
  key: string;
  label: string;
  value: ReactNode;
  wide?: boolean;
}

/** Labels and values as a description list: two columns from 600 px, stacked on phones. */
export function FieldList({ fields }: { fields: FieldEntry[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 2,
        '& dt': { fontSize: '0.8125rem', fontWeight: 600, color: 'text.secondary', mb: 0.25 },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {fields.map((field) => (
        <Box key={field.key} sx={{ gridColumn: field.wide ? '1 / -1' : undefined }} data-field={field.key}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** A titled part of a record's page (an h2 and its content), kept whole when printed. */
export function Section(props: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={props.id}
      sx={{ p: { xs: 2, sm: 3 }, '@media print': { breakInside: 'avoid', border: 'none', p: 0, mb: 2 } }}
      data-testid={props.testId}
    >
      <Typography id={props.id} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}
