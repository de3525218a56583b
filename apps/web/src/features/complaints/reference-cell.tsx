import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { phoneOnly } from '../../components/list/cell-styles.js';

/**
 * A list's reference cell: the reference (a link when it opens somewhere), and on phones the brief
 * description under it, since the description column is hidden there.
 */
export function ReferenceCell(props: { reference: string; brief: string; to?: string; testId?: string }) {
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
      <Box sx={{ ...phoneOnly, typography: 'body2', color: 'text.secondary', mt: 0.5 }}>{props.brief}</Box>
    </Box>
  );
}
