import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { shownBelow, type ColumnBreakpoint } from '../../components/list/cell-styles.js';

/**
 * Where the complaint lists fold their brief description column away (`hideBelow`): below it the
 * description moves under the reference. Its text is the widest of a row, so tablets drop it first.
 */
export const briefColumnHiddenBelow: ColumnBreakpoint = 'lg';

/**
 * A list's reference cell: the reference (a link when it opens somewhere), and below
 * `briefColumnHiddenBelow` the text of the row (the brief description, or on the public list the reviewed
 * summary) under it, since that column is hidden there.
 */
export function ReferenceCell(props: { reference: string; brief: ReactNode; to?: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: { xs: 150, sm: 0 } }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {props.to ? (
          <Link component={RouterLink} to={props.to} data-testid={props.testId}>
            {props.reference}
          </Link>
        ) : (
          props.reference
        )}
      </Box>
      <Box
        sx={{ ...shownBelow(briefColumnHiddenBelow), typography: 'body2', color: 'text.secondary', mt: 0.5 }}
      >
        {props.brief}
      </Box>
    </Box>
  );
}
