import type { TMetricData } from '@stp/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useInsightLocale } from './texts.js';

/** A data set as a table with a caption: one row per category, one column per series. */
export function MetricTable({
  data,
  caption,
  maxHeight,
}: {
  data: TMetricData;
  caption: string;
  maxHeight?: number;
}) {
  const { t } = useTranslation();
  const { label, value } = useInsightLocale();
  return (
    <Box
      sx={{ overflow: 'auto', maxHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('reports.category')}
            </TableCell>
            {data.series.map((series) => (
              <TableCell key={series.key} component="th" scope="col" align="right">
                {label(series.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.categories.map((category, i) => (
            <TableRow key={category.key}>
              <TableCell component="th" scope="row">
                {label(category.label)}
              </TableCell>
              {data.series.map((series) => (
                <TableCell key={series.key} align="right">
                  {value(series.values[i])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {data.series.length === 0 && (
            <TableRow>
              <TableCell component="th" scope="row">
                {t('reports.total')}
              </TableCell>
              <TableCell align="right">{value(data.total)}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
