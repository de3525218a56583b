import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TRestrictionImportReport } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/index.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

const labelKey = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The import's outcome: what was written, and each refused row with its column and reason. */
export function ImportReportTable({ outcome }: { outcome: TRestrictionImportReport & { detail?: string } }) {
  const { t, i18n } = useTranslation();
  const field = (name: string) => {
    const key = `catalogue.fields.${labelKey(name)}`;
    return i18n.exists(key) ? `${t(key)} (${name})` : name;
  };
  return (
    <>
      <Alert severity={outcome.imported > 0 ? 'success' : 'error'} data-testid="import-outcome">
        {outcome.detail && outcome.imported === 0
          ? translateMessage(outcome.detail)
          : t('manageRestrictions.import.summary', { imported: outcome.imported, total: outcome.total_rows })}
      </Alert>
      {outcome.row_errors.length > 0 && (
        <TableContainer
          sx={{ maxHeight: 320 }}
          tabIndex={0}
          aria-label={t('manageRestrictions.import.errorsCaption')}
        >
          <Table size="small" stickyHeader data-testid="import-errors">
            <caption>{t('manageRestrictions.import.errorsCaption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('manageRestrictions.import.row')}</TableCell>
                <TableCell>{t('manageRestrictions.import.field')}</TableCell>
                <TableCell>{t('manageRestrictions.import.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {outcome.row_errors.map((error) => (
                <TableRow key={`${error.row}-${error.field}`} data-testid="import-error-row">
                  <TableCell>{error.row}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{field(error.field)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{translateMessage(error.message)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
