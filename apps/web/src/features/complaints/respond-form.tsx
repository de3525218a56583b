import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { complaintApiPaths, ZComplaintResponseSchema } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/dialogs/dialogs.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { AttachmentPicker } from './attachment-picker.js';
import { useAttachmentUpload } from './use-attachment-upload.js';

/** The applicant's answer to a request for more information: a message and more documents. */
export function RespondForm({
  slug,
  question,
  onSent,
}: {
  slug: string;
  /** What the reviewer asked (their comments with the request). */
  question: string;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const { form, formError, onSubmit } = useZodForm(ZComplaintResponseSchema, { message: '' });
  const attachments = useAttachmentUpload();
  const sending = form.formState.isSubmitting;

  const submit = onSubmit(async (values) => {
    const answer = await attachments.send(complaintApiPaths.respond(slug), values);
    if (answer === undefined) return;
    form.reset({ message: '' });
    attachments.clear();
    showSuccess(t('complaints.detail.answerSent'));
    onSent();
  });

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'warning.main', borderWidth: 2 }}
      component="section"
      aria-labelledby="respond-title"
      data-testid="respond-section"
    >
      <Typography id="respond-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('complaints.detail.answerTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('complaints.detail.answerIntro')}
      </Typography>
      {question && (
        <Box
          component="figure"
          sx={{ m: 0, mb: 2.5, pl: 2, borderLeft: 4, borderColor: 'warning.main' }}
          data-testid="reviewer-question"
        >
          <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('complaints.detail.question')}
          </Typography>
          <Box component="blockquote" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question}
          </Box>
        </Box>
      )}
      <Box component="form" noValidate onSubmit={submit} data-testid="respond-form">
        <FormAlert message={formError} />
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="message"
            label={t('complaints.detail.answerMessage')}
            required
            fullWidth
            multiline
            minRows={4}
          />
          <AttachmentPicker
            label={t('complaints.detail.answerFiles')}
            {...attachments.picker}
            disabled={sending}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={sending}>
              {sending ? t('complaints.form.sending') : t('complaints.detail.answerSend')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
