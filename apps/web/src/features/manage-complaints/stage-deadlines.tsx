import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  complaintApiPaths,
  deadlineUnits,
  messages,
  ZReviewStageDeadlinesSchema,
  type TReviewStageRow,
  type TReviewStagesResponse,
} from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { apiQuery, queryClient } from '../../api/query.js';
import { showSuccess } from '../../components/dialogs/dialogs.js';
import { FormAlert, FormSelectField, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { formatDateTime } from '../../lib/format.js';
import { useStageName } from '../complaints/complaint-status.js';
import { LoadError } from '../../components/list/load-error.js';

const formRow = (row: TReviewStageRow) => ({
  stage: row.stage,
  deadline_days: row.deadline_days,
  deadline_unit: row.deadline_unit,
});

function DeadlinesForm({ rows, canChange }: { rows: TReviewStageRow[]; canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const stageName = useStageName();
  const { form, formError, onSubmit } = useZodForm(ZReviewStageDeadlinesSchema, {
    stages: rows.map(formRow),
  });
  const submit = onSubmit(async (values) => {
    const answer = await api.request<TReviewStagesResponse>(complaintApiPaths.stages, {
      method: 'PUT',
      body: values,
    });
    if (!answer) return;
    queryClient.setQueryData(apiQuery(complaintApiPaths.stages).queryKey, answer);
    form.reset({
      stages: answer.results.map(formRow),
    });
    showSuccess(messages.detailsSaved);
  });
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="deadlines-form">
      <FormAlert message={formError} />
      {!canChange && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('manageComplaints.deadlines.readOnly')}
        </Alert>
      )}
      <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
        {rows.map((row, index) => (
          <Box
            key={row.stage}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
          >
            <FormTextField
              control={form.control}
              name={`stages.${index}.deadline_days`}
              type="number"
              label={t('manageComplaints.deadlines.days', { stage: stageName(row.stage) })}
              helperText={t('manageComplaints.deadlines.updated', {
                date: formatDateTime(row.updated_at, i18n.language),
              })}
              slotProps={{ htmlInput: { min: 1, max: 365, step: 1, readOnly: !canChange } }}
              fullWidth
            />
            <FormSelectField
              control={form.control}
              name={`stages.${index}.deadline_unit`}
              label={t('manageComplaints.deadlines.unit', { stage: stageName(row.stage) })}
              options={deadlineUnits.map((unit) => ({
                value: unit,
                label: t(`manageComplaints.deadlines.${unit}`),
              }))}
              disabled={!canChange}
              fullWidth
              data-testid={`deadline-unit-${row.stage}`}
            />
          </Box>
        ))}
        <Typography variant="body2" color="text.secondary">
          {t('manageComplaints.deadlines.unitHelp')}
        </Typography>
        {canChange && (
          <Box>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {t('manageComplaints.deadlines.save')}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}

/** The Deadlines tab: the days each review stage may take; editable with the permission to change stages. */
export function StageDeadlines() {
  const { t } = useTranslation();
  const query = useQuery(apiQuery<TReviewStagesResponse>(complaintApiPaths.stages));
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="deadlines-title"
    >
      <Typography id="deadlines-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('manageComplaints.deadlines.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('manageComplaints.deadlines.intro')}
      </Typography>
      {query.isError && <LoadError onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton variant="rounded" height={200} sx={{ maxWidth: 420 }} />}
      {query.data && <DeadlinesForm rows={query.data.results} canChange={query.data.can_change} />}
    </Paper>
  );
}
