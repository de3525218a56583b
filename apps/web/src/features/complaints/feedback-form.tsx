import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  feedbackApiPaths,
  feedbackOutcomes,
  feedbackReasonMax,
  ZComplaintFeedbackSchema,
  type ReviewStage,
} from '@stp/shared';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { confirm, showSuccess } from '../../components/dialogs/dialogs.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { translateMessage } from '../../i18n/index.js';
import { useStageName } from './complaint-status.js';

const labels = {
  fixed: { label: 'complaintFeedback.fixed', help: 'complaintFeedback.fixedHelp' },
  not_fixed: { label: 'complaintFeedback.notFixed', help: 'complaintFeedback.notFixedHelp' },
} as const;

/** "Fixed" or "Not fixed" with the reason "not fixed" needs; reopening asks for a confirmation first. */
export function FeedbackForm({
  slug,
  stage,
  onSent,
}: {
  slug: string;
  /** The stage that resolved the complaint: where "not fixed" sends it back. */
  stage: ReviewStage | null;
  onSent: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const stageName = useStageName()(stage);
  const { form, formError, onSubmit } = useZodForm(ZComplaintFeedbackSchema, { reason: '' });
  const outcome = useController({ control: form.control, name: 'outcome' });
  const outcomeError = outcome.fieldState.error?.message;
  const notFixed = outcome.field.value === 'not_fixed';
  const sending = form.formState.isSubmitting;

  const submit = onSubmit(async (values) => {
    const reopening = values.outcome === 'not_fixed';
    if (reopening)
      if (
        !(await confirm(
          t('complaintFeedback.confirmTitle'),
          t('complaintFeedback.confirmText', { stage: stageName }),
        ))
      )
        return;
    const body = reopening ? values : { outcome: values.outcome };
    const answer = await api.request(feedbackApiPaths.feedback(slug), { method: 'POST', body });
    if (answer === undefined) return;
    await onSent();
    showSuccess(
      reopening
        ? t('complaintFeedback.sentReopened', { stage: stageName })
        : t('complaintFeedback.sentFixed'),
    );
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="feedback-form">
      <FormAlert message={formError} />
      <Stack spacing={2}>
        <FormControl component="fieldset" error={Boolean(outcomeError)} required>
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            {t('complaintFeedback.legend')}
          </FormLabel>
          <RadioGroup
            name={outcome.field.name}
            value={outcome.field.value ?? ''}
            onChange={(event) => outcome.field.onChange(event.target.value)}
            onBlur={outcome.field.onBlur}
          >
            {feedbackOutcomes.map((value, index) => (
              <FormControlLabel
                key={value}
                value={value}
                sx={{ alignItems: 'flex-start', mb: 1 }}
                control={
                  <Radio
                    sx={{ pt: 0.5 }}
                    slotProps={{
                      input: {
                        // The first choice takes the focus when the form shows the field's error.
                        ref: index === 0 ? outcome.field.ref : undefined,
                        'aria-describedby': `feedback-${value}-help`,
                      },
                    }}
                  />
                }
                label={
                  <span>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {t(labels[value].label)}
                    </Typography>
                    <Typography
                      component="span"
                      id={`feedback-${value}-help`}
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      {t(labels[value].help, { stage: stageName })}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
          {outcomeError && <FormHelperText>{translateMessage(outcomeError)}</FormHelperText>}
        </FormControl>
        {notFixed && (
          <FormTextField
            control={form.control}
            name="reason"
            label={t('complaintFeedback.reason')}
            helperText={t('complaintFeedback.reasonHelp')}
            required
            fullWidth
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: feedbackReasonMax } }}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? t('complaintFeedback.sending') : t('complaintFeedback.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
