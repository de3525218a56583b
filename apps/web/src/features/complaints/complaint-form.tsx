import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  complaintApiPaths,
  restrictionApiPaths,
  restrictionTypes,
  ZComplaintFormSchema,
  type TComplaintCreated,
  type TComplaintFormInput,
  type TRestrictionDetail,
} from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { apiQuery } from '../../api/query.js';
import { DatePickerField } from '../../components/date-picker.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { AttachmentPicker } from './attachment-picker.js';
import { OccurrenceCountryField, RestrictionTypeField, SectorField } from './complaint-fields.js';
import { ComplaintCreatedDialog } from './complaint-created-dialog.js';
import { DuplicateHints } from './duplicate-hints.js';
import { useAttachmentUpload } from './use-attachment-upload.js';
import { WithholdIdentityField } from './withhold-identity-field.js';

const emptyValues = (restriction: string): TComplaintFormInput => ({
  restriction_type: '',
  details_of_occurrence: '',
  date_of_occurrence: '',
  country_code: '',
  brief_description: '',
  restriction,
  sector_id: '',
  identity_withheld: false,
});

/** The restriction the complaint is about (opened from a restriction page), with its title and a remove button. */
function RestrictionLink({ control }: { control: Control<TComplaintFormInput, unknown, unknown> }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'restriction' });
  const slug = typeof field.value === 'string' ? field.value : '';
  const restriction = useQuery({
    ...apiQuery<TRestrictionDetail>(restrictionApiPaths.detail(slug || '-')),
    enabled: slug !== '',
  });
  if (!slug) return null;
  return (
    <Box data-testid="restriction-link">
      <Box component="span" sx={{ display: 'block', typography: 'subtitle2', mb: 0.5 }}>
        {t('complaints.form.restriction')}
      </Box>
      <Chip
        label={restriction.data?.title ?? slug}
        variant="outlined"
        sx={{ maxWidth: '100%', height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
      />
      <Button size="small" sx={{ ml: 1 }} onClick={() => field.onChange('')}>
        {t('complaints.form.removeRestriction')}
      </Button>
    </Box>
  );
}

/**
 * Coming from "Report a barrier about this restriction": the restriction's country, most specific sector
 * and type fill the fields still empty (the user may change them). Answers whether the form
 * holds them.
 */
function usePrefillFromRestriction(
  form: UseFormReturn<TComplaintFormInput, unknown, unknown>,
  restriction: string,
): boolean {
  const source = useQuery({
    ...apiQuery<TRestrictionDetail>(restrictionApiPaths.detail(restriction || '-')),
    enabled: restriction !== '',
  });
  useEffect(() => {
    const detail = source.data;
    if (!detail) return;
    const sector = detail.specific_service ?? detail.sub_sector ?? detail.sector;
    const known = restrictionTypes.some((choice) => choice.value === detail.restriction_type);
    const values: [keyof TComplaintFormInput, string][] = [
      ['country_code', detail.country.code],
      ['sector_id', sector ? String(sector.id) : ''],
      ['restriction_type', known ? detail.restriction_type : ''],
    ];
    for (const [name, value] of values)
      if (value && !form.getValues(name)) form.setValue(name, value, { shouldDirty: true });
  }, [source.data, form]);
  // Said while the complaint is still about that restriction (not once sent, or the link removed).
  const linked = useWatch({ control: form.control, name: 'restriction' });
  return source.data !== undefined && linked === restriction;
}

/** The complaint form of spec 3 for a client account: fields, files with progress, success dialog, reset. */
export function ComplaintForm({ restriction }: { restriction: string }) {
  const { t } = useTranslation();
  const { form, formError, onSubmit } = useZodForm(ZComplaintFormSchema, emptyValues(restriction));
  const attachments = useAttachmentUpload();
  const [created, setCreated] = useState<TComplaintCreated | null>(null);
  const sending = form.formState.isSubmitting;
  const { control } = form;
  const prefilled = usePrefillFromRestriction(form, restriction);

  const submit = onSubmit(async (values) => {
    const answer = await attachments.send<TComplaintCreated>(complaintApiPaths.lodge, values);
    if (!answer) return;
    setCreated(answer);
    form.reset(emptyValues(''));
    attachments.clear();
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-busy={sending} data-testid="complaint-form">
        <FormAlert message={formError} />
        <Stack spacing={2.5}>
          {prefilled && (
            <Alert severity="info" variant="outlined" data-testid="complaint-prefilled">
              {t('complaints.form.prefilled')}
            </Alert>
          )}
          <RestrictionTypeField
            control={control}
            name="restriction_type"
            label={t('complaints.form.restrictionType')}
            required
            fullWidth
          />
          <FormTextField
            control={control}
            name="details_of_occurrence"
            label={t('complaints.form.detailsOfOccurrence')}
            helperText={t('complaints.form.detailsHelp')}
            required
            fullWidth
            multiline
            minRows={5}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <DatePickerField
              control={control}
              name="date_of_occurrence"
              label={t('complaints.form.dateOfOccurrence')}
              required
              fullWidth
            />
            <OccurrenceCountryField
              control={control}
              name="country_code"
              label={t('complaints.form.country')}
              required
              fullWidth
            />
          </Stack>
          <FormTextField
            control={control}
            name="brief_description"
            label={t('complaints.form.briefDescription')}
            helperText={t('complaints.form.briefHelp')}
            required
            fullWidth
          />
          <DuplicateHints control={control} />
          <SectorField
            control={control}
            name="sector_id"
            label={`${t('complaints.form.sector')} (${t('complaints.form.optional')})`}
            fullWidth
          />
          <RestrictionLink control={control} />
          <WithholdIdentityField control={control} />
          <AttachmentPicker
            label={t('complaints.form.attachments')}
            {...attachments.picker}
            disabled={sending}
          />
          {sending && !attachments.uploading && <Alert severity="info">{t('complaints.form.sending')}</Alert>}
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button type="submit" variant="contained" disabled={sending} data-testid="complaint-submit">
              {sending ? t('complaints.form.sending') : t('complaints.form.submit')}
            </Button>
          </Stack>
        </Stack>
      </Box>
      {created && <ComplaintCreatedDialog created={created} onClose={() => setCreated(null)} />}
    </Paper>
  );
}
