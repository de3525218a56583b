import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  complaintDuplicateApiPaths,
  ZMergeComplaintSchema,
  type TComplaintDetail,
  type TComplaintStatements,
  type TMergeResult,
} from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../api/api.js';
import { apiQuery } from '../../api/query.js';
import { showSuccess } from '../../components/dialogs/dialogs.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { formatDateTime } from '../../lib/format.js';
import { AttachmentLinks, DetailSection } from '../complaints/complaint-facts.js';
import { duplicatesTexts } from '../complaints/duplicates-texts.js';
import { IdentityWithheld } from '../complaints/identity-withheld.js';

void duplicatesTexts;

const staffPath = (id: number) => `/auth/manage/complaints/${id}`;

/** The reviewers' merge of this complaint into another (its reference), when they may. */
function MergeForm(props: { complaint: TComplaintDetail; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { complaint } = props;
  const { form, formError, onSubmit } = useZodForm(ZMergeComplaintSchema, {
    into: '',
    version: complaint.version,
  });
  const submit = onSubmit(async (values) => {
    const answer = await api.request<TMergeResult>(complaintDuplicateApiPaths.merge(complaint.id), {
      method: 'POST',
      body: { into: values.into, version: complaint.version },
    });
    if (answer === undefined) return;
    await props.reload();
    showSuccess(t('duplicates.merged', { reference: answer.into.reference }));
  });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="merge-title"
      sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}
    >
      <Typography id="merge-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('duplicates.mergeTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('duplicates.mergeIntro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} data-testid="merge-form">
        <FormAlert message={formError} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <FormTextField
            control={form.control}
            name="into"
            label={t('duplicates.mergeInto')}
            required
            sx={{ minWidth: { sm: 280 } }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={form.formState.isSubmitting}
            sx={{ mt: { sm: 1 } }}
          >
            {t('duplicates.mergeSubmit')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

/** Supporting statements of the complaint (with their authors), what it was merged into, and the merge form. */
export function ComplaintStatements(props: { complaint: TComplaintDetail; reload: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const { complaint } = props;
  const query = useQuery({
    ...apiQuery<TComplaintStatements>(complaintDuplicateApiPaths.statements(complaint.id)),
  });
  const data = query.data;
  if (!data) return null;
  const reload = async () => {
    await props.reload();
    await query.refetch();
  };
  return (
    <>
      {data.merged_into && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="merged-into">
          {t('duplicates.mergedIntoLead')}{' '}
          <Link component={RouterLink} to={staffPath(data.merged_into.id)}>
            {data.merged_into.reference}
          </Link>
        </Alert>
      )}
      <DetailSection title={t('duplicates.statementsTitle')} testId="statements-section">
        {data.statements.length === 0 ? (
          <Typography color="text.secondary">{t('duplicates.statementsNone')}</Typography>
        ) : (
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.statements.map((statement) => (
              <Paper
                component="li"
                variant="outlined"
                key={statement.id}
                sx={{ p: 2 }}
                data-testid="statement"
              >
                <Typography variant="subtitle2" component="p">
                  {statement.author_withheld ? (
                    <IdentityWithheld />
                  ) : statement.author ? (
                    <>
                      {statement.author.display_name}{' '}
                      <Link href={`mailto:${statement.author.email}`}>{statement.author.email}</Link>
                    </>
                  ) : (
                    t('duplicates.authorUnknown')
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(statement.created_at, i18n.language)}
                  {statement.merged_from && (
                    <>
                      {' · '}
                      <Link component={RouterLink} to={staffPath(statement.merged_from.id)}>
                        {t('duplicates.mergedFrom', { reference: statement.merged_from.reference })}
                      </Link>
                    </>
                  )}
                </Typography>
                <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {statement.body}
                </Typography>
                {statement.attachments.length > 0 && <AttachmentLinks attachments={statement.attachments} />}
              </Paper>
            ))}
          </Stack>
        )}
      </DetailSection>
      {data.can_merge && <MergeForm key={complaint.version} complaint={complaint} reload={reload} />}
    </>
  );
}
