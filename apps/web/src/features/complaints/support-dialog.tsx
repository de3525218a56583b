import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { complaintDuplicateApiPaths, ZSupportStatementSchema, type TSupportAdded } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { AttachmentPicker } from './attachment-picker.js';
import { duplicatesTexts } from './duplicates-texts.js';
import { useAttachmentUpload } from './use-attachment-upload.js';

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
  const attachments = useAttachmentUpload();
  const sending = form.formState.isSubmitting;

  const submit = onSubmit(async (values) => {
    const answer = await attachments.send<TSupportAdded>(
      complaintDuplicateApiPaths.support(reference),
      values,
    );
    if (answer) props.onAdded(answer.reference);
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
            {...attachments.picker}
            disabled={sending}
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
