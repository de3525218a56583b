import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  complaintApiPaths,
  reviewDecisions,
  ZReviewActionSchema,
  type TComplaintDetail,
  type TReviewAction,
  type TReviewDecision,
} from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { ApiError } from '../../api/api-error.js';
import { confirm, showError, showSuccess } from '../../components/dialogs/dialogs.js';
import { FormAlert, FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { useStageName } from '../complaints/complaint-status.js';

/** A 409 answer: someone else acted first. Tell the reviewer and load the complaint again. */
export async function unlessConflict(
  action: () => Promise<unknown>,
  reload: () => Promise<unknown>,
  title: string,
  text: string,
) {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    await reload();
    showError({ response: { data: { title, detail: text } } });
  }
}

type ClosingDecision = Extract<TReviewDecision, 'resolve' | 'reject'>;

/** Decisions that close the complaint for good: each asks for confirmation first. */
const closingDecisions: Record<ClosingDecision, { title: string; text: string }> = {
  resolve: {
    title: 'manageComplaints.review.confirmResolveTitle',
    text: 'manageComplaints.review.confirmResolveText',
  },
  reject: {
    title: 'manageComplaints.review.confirmRejectTitle',
    text: 'manageComplaints.review.confirmRejectText',
  },
};

/** The allowed decisions in one order at every stage (the shared list's), whatever order the server sent. */
export function orderedDecisions(allowed: readonly TReviewDecision[]): TReviewDecision[] {
  return reviewDecisions.filter((decision) => allowed.includes(decision));
}

/** The review action form: a decision at the current stage, comments, and the version the reviewer loaded. */
export function ReviewForm(props: { complaint: TComplaintDetail; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const stageName = useStageName();
  const { complaint } = props;
  // No decision is chosen for the reviewer: each is weighed, none slipped through by a quick submit.
  const { form, formError, onSubmit } = useZodForm(ZReviewActionSchema, {
    comments: '',
    version: complaint.version,
  });
  const options = orderedDecisions(complaint.allowed_decisions);

  const submit = onSubmit(async (values: TReviewAction) => {
    const closing = closingDecisions[values.decision as ClosingDecision];
    if (closing && !(await confirm(t(closing.title), t(closing.text)))) return;
    await unlessConflict(
      async () => {
        const answer = await api.request(complaintApiPaths.review(complaint.id), {
          method: 'POST',
          body: { ...values, version: complaint.version },
        });
        if (answer === undefined) return;
        form.reset({ comments: '', version: complaint.version + 1 });
        await props.reload();
        showSuccess(t('manageComplaints.review.done'));
      },
      props.reload,
      t('manageComplaints.review.conflictTitle'),
      t('manageComplaints.review.conflict'),
    );
  });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="review-title"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <Typography id="review-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('manageComplaints.review.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('manageComplaints.review.intro', { stage: stageName(complaint.stage) })}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} data-testid="review-form">
        <FormAlert message={formError} />
        <Stack spacing={2.5}>
          <FormSelectField
            control={form.control}
            name="decision"
            label={t('manageComplaints.review.decision')}
            required
            fullWidth
            options={options.map((decision) => ({
              value: decision,
              label: t(`manageComplaints.review.${decision}`),
            }))}
          />
          <FormTextField
            control={form.control}
            name="comments"
            label={t('manageComplaints.review.comments')}
            helperText={t('manageComplaints.review.commentsHelp')}
            fullWidth
            multiline
            minRows={3}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={form.formState.isSubmitting}
              data-testid="review-submit"
            >
              {t('manageComplaints.review.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
