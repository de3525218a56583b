import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { complaintDuplicateApiPaths, ZSupportStatementSchema, type TSupportAdded } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { AttachmentPicker } from './attachment-picker.js';
import { duplicatesTexts } from './duplicates-texts.js';
import { uploadForm } from './upload.js';

void duplicatesTexts;

/** "Add my case to this one": the trader's statement and files on an existing complaint. */
export function SupportDialog(props: {
  reference: string;
  onClose: () => void;
  onAdded: (reference: string) => void;
}) {
  const { t } = useTranslation();
  const { reference } = props;
  const { form, formError, onSubmit } = useZodForm(ZSupportStatementSchema, { statement: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [filesError, setFilesError] = useState<string | undefined>();
  const sending = form.formState.isSubmitting;

  const submit = onSubmit(async (values) => {
    const data = new FormData();
    data.set('statement', values.statement);
    for (const file of files) data.append('attachments', file, file.name);
    setFilesError(undefined);
    setProgress(0);
    try {
      const answer = await uploadForm<TSupportAdded>(
        complaintDuplicateApiPaths.support(reference),
        data,
        setProgress,
      );
      if (answer) props.onAdded(answer.reference);
    } catch (error) {
      if (error instanceof ApiError) setFilesError(error.fieldErrors.attachments);
      throw error;
    } finally {
      setProgress(null);
    }
  });

  return (
    <Dialog
      open
      onClose={sending ? undefined : props.onClose}
      aria-labelledby="support-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="support-title">{t('duplicates.dialogTitle', { reference })}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="support-form"
          noValidate
          onSubmit={submit}
          spacing={2}
          sx={{ pt: 1 }}
          data-testid="support-form"
        >
          <Alert severity="info" variant="outlined">
            {t('duplicates.dialogIntro')}
          </Alert>
          <FormAlert message={formError} />
          <FormTextField
            control={form.control}
            name="statement"
            label={t('duplicates.statement')}
            helperText={t('duplicates.statementHelp')}
            required
            fullWidth
            multiline
            minRows={4}
          />
          <AttachmentPicker
            label={t('complaints.form.attachments')}
            files={files}
            onChange={setFiles}
            progress={progress}
            disabled={sending}
            error={filesError}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={sending}>
          {t('duplicates.cancel')}
        </Button>
        <Button
          type="submit"
          form="support-form"
          variant="contained"
          disabled={sending}
          data-testid="support-submit"
        >
          {sending ? t('duplicates.sending') : t('duplicates.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
