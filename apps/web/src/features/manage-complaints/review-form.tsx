import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  closesComplaint,
  complaintApiPaths,
  publicSummaryMax,
  resolutionNoteMax,
  reviewDecisions,
  ZReviewActionSchema,
  type TComplaintDetail,
  type TReviewAction,
  type TReviewDecision,
} from '@stp/shared';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
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
type TReviewActionInput = z.input<typeof ZReviewActionSchema>;

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

const emptyReview = (version: number) => ({
  comments: '',
  public_summary: '',
  public_summary_fr: '',
  resolution_note: '',
  resolution_note_fr: '',
  version,
});

/**
 * The public record a resolve or reject writes (docs/complaints-public-record.md): the summary and the
 * resolution note the public reads instead of the applicant's words, English required, French optional.
 */
function PublicRecordFields(props: {
  control: Control<TReviewActionInput, unknown, TReviewAction>;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: keyof TReviewActionInput, max: number, required: boolean, rows: number) => (
    <FormTextField
      control={props.control}
      name={name}
      label={t(`manageComplaints.review.${name}`)}
      helperText={t(`manageComplaints.review.${name}Help`, { max })}
      required={required}
      fullWidth
      multiline
      minRows={rows}
      slotProps={{ htmlInput: { lang: name.endsWith('_fr') ? 'fr' : 'en' } }}
    />
  );
  return (
    <Box
      component="fieldset"
      hidden={props.hidden}
      data-testid="public-record-fields"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, '&[hidden]': { display: 'none' } }}
    >
      <Typography component="legend" sx={{ fontWeight: 500, mb: 0.5 }}>
        {t('manageComplaints.review.publicRecordTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('manageComplaints.review.publicRecordIntro')}
      </Typography>
      <Stack spacing={2.5}>
        {field('public_summary', publicSummaryMax, true, 2)}
        {field('public_summary_fr', publicSummaryMax, false, 2)}
        {field('resolution_note', resolutionNoteMax, true, 3)}
        {field('resolution_note_fr', resolutionNoteMax, false, 3)}
      </Stack>
    </Box>
  );
}

/** The review action form: a decision at the current stage, comments, and the version the reviewer loaded. */
export function ReviewForm(props: { complaint: TComplaintDetail; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const stageName = useStageName();
  const { complaint } = props;
  // No decision is chosen for the reviewer: each is weighed, none slipped through by a quick submit.
  const { form, formError, onSubmit } = useZodForm(ZReviewActionSchema, emptyReview(complaint.version));
  const options = orderedDecisions(complaint.allowed_decisions);
  const asksRecord = closesComplaint(form.watch('decision') ?? '');

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
        form.reset(emptyReview(complaint.version + 1));
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
          {/* Kept mounted while another decision is chosen: what was written is not lost. */}
          <PublicRecordFields control={form.control} hidden={!asksRecord} />
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
