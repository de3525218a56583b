import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  adminRestrictionApiPaths,
  adminRestrictionTexts,
  restrictionImportColumns,
  restrictionImportLimits,
  type TRestrictionImportReport,
} from '@stp/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.js';
import { queryClient } from '../../api/query.js';
import { showError, showSuccess } from '../../components/dialogs/dialogs.js';
import { translateMessage } from '../../i18n/index.js';
import { uploadForm } from '../complaints/upload.js';
import { ImportReportTable } from './import-report-table.js';
import { manageRestrictionsTexts } from './texts.js';

void manageRestrictionsTexts;

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`${restrictionImportColumns.join(',')}\r\n`)}`;

/** A file the import takes: CSV or xlsx by name, within the size limit (the server checks the bytes). */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return adminRestrictionTexts.importFileType;
  if (file.size > restrictionImportLimits.megabytes * 1024 * 1024)
    return adminRestrictionTexts.importTooLarge;
  return null;
}

type Outcome = (TRestrictionImportReport & { detail?: string }) | null;

/**
 * The bulk import (issue 6 item 2): a CSV or xlsx file, the upload's progress, then the report of
 * every refused row; nothing is written when a row fails unless "import the valid rows" is chosen.
 */
export function RestrictionImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const busy = progress !== null;

  const close = () => {
    if (busy) return;
    setFile(null);
    setOutcome(null);
    setProblem(null);
    setValidOnly(false);
    onClose();
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setOutcome(null);
    setProblem(chosen ? fileProblem(chosen) : null);
  };

  async function submit() {
    if (!file) return setProblem(adminRestrictionTexts.importMissingFile);
    if (fileProblem(file)) return undefined;
    const body = new FormData();
    body.append('mode', validOnly ? 'valid' : 'all');
    body.append('file', file, file.name);
    setProgress(0);
    setOutcome(null);
    try {
      const report = await uploadForm<TRestrictionImportReport>(
        adminRestrictionApiPaths.import,
        body,
        setProgress,
      );
      if (!report) return undefined;
      setOutcome(report);
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(adminRestrictionApiPaths.list),
      });
      showSuccess(t('manageRestrictions.import.done', { count: report.imported }));
    } catch (error) {
      const data =
        error instanceof ApiError
          ? (error.response?.data as Outcome & { errors?: Record<string, string> })
          : null;
      if (data && Array.isArray(data.row_errors)) setOutcome(data);
      else if (data?.errors?.file || data?.errors?.attachments)
        setProblem(data.errors.file ?? data.errors.attachments ?? null);
      else showError(error);
    } finally {
      setProgress(null);
    }
    return undefined;
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      data-testid="import-dialog"
    >
      <DialogTitle id={titleId}>{t('manageRestrictions.import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>
          {t('manageRestrictions.import.intro', {
            rows: restrictionImportLimits.rows,
            mb: restrictionImportLimits.megabytes,
          })}
        </Typography>
        <Typography variant="body2">
          <Link href={templateHref} download="restrictions-import-template.csv" data-testid="import-template">
            {t('manageRestrictions.import.template')}
          </Link>
          {' · '}
          {t('manageRestrictions.import.columnsHint')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFile aria-hidden />} disabled={busy}>
            {t('manageRestrictions.import.choose')}
            <input
              hidden
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="import-file"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="import-file-name">
            {file ? file.name : t('manageRestrictions.import.noFile')}
          </Typography>
        </Box>
        {problem && (
          <Alert severity="error" role="alert" data-testid="import-problem">
            {translateMessage(problem)}
          </Alert>
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={validOnly}
              onChange={(event) => setValidOnly(event.target.checked)}
              disabled={busy}
            />
          }
          label={t('manageRestrictions.import.validOnly')}
          data-testid="import-valid-only"
        />
        {busy && (
          <LinearProgress
            variant="determinate"
            value={Math.round((progress ?? 0) * 100)}
            aria-label={t('manageRestrictions.import.progress')}
          />
        )}
        {outcome && <ImportReportTable outcome={outcome} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('admin.close')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || !file || Boolean(problem)}
          data-testid="import-submit"
        >
          {t('manageRestrictions.import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
