import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  messages,
  smsApiPaths,
  ZSmsServiceSchema,
  type SmsServiceItem,
  type TSmsServiceInput,
} from '@stp/shared';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { apiQuery, queryClient } from '../../api/query.js';
import { DatePickerField } from '../../components/date-picker.js';
import { showSuccess } from '../../components/dialogs/dialogs.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { smsServicesTexts } from './texts.js';

void smsServicesTexts;

type Output = ReturnType<typeof ZSmsServiceSchema.parse>;

function ActiveField({
  control,
  disabled,
}: {
  control: Control<TSmsServiceInput, unknown, Output>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'is_active' });
  return (
    <Box>
      <FormControlLabel
        label={t('smsServices.activeField')}
        disabled={disabled}
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': 'sms-active-help' } }}
          />
        }
      />
      <FormHelperText id="sms-active-help" sx={{ mt: 0 }}>
        {t('smsServices.activeHelp')}
      </FormHelperText>
    </Box>
  );
}

const valuesOf = (service: SmsServiceItem): TSmsServiceInput => ({
  is_active: service.is_active,
  short_code: service.short_code,
  keyword: service.keyword,
  instructions_en: service.instructions_en,
  instructions_fr: service.instructions_fr,
  activated_on: service.activated_on,
});

/** The edit form of one country's SMS service, in a dialog; read-only without the change permission. */
export function SmsServiceDialog(props: {
  service: SmsServiceItem;
  countryName: string;
  canChange: boolean;
  onClose: () => void;
}) {
  const { service, countryName, canChange, onClose } = props;
  const { t } = useTranslation();
  const { form, formError, onSubmit } = useZodForm(ZSmsServiceSchema, valuesOf(service));
  const saving = form.formState.isSubmitting;
  const readOnly = !canChange || saving;
  const keyword = form.watch('keyword');

  const submit = onSubmit(async (values) => {
    const saved = await api.request<SmsServiceItem>(smsApiPaths.service(service.country), {
      method: 'PUT',
      body: values,
    });
    if (!saved) return;
    queryClient.setQueryData<SmsServiceItem[]>(apiQuery(smsApiPaths.services).queryKey, (list) =>
      list?.map((item) => (item.country === saved.country ? saved : item)),
    );
    onClose();
    showSuccess(messages.detailsSaved);
  });

  const text = (name: 'short_code' | 'keyword', label: string, helper: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      helperText={helper}
      fullWidth
      slotProps={{ input: { readOnly } }}
      sx={name === 'keyword' ? { '& input': { textTransform: 'uppercase' } } : undefined}
    />
  );
  const instructions = (name: 'instructions_en' | 'instructions_fr', label: string, lang: string) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      helperText={t('smsServices.instructionsHelp')}
      fullWidth
      multiline
      minRows={3}
      slotProps={{ input: { readOnly }, htmlInput: { lang } }}
    />
  );

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="sms-dialog-title"
      // The form is the dialog's paper: title and buttons stay in place while the fields scroll.
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: submit,
          'aria-busy': saving,
          'data-testid': 'sms-service-form',
        } as object,
      }}
    >
      <DialogTitle id="sms-dialog-title">
        {t('smsServices.dialogTitle', { country: countryName })}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }}>
        <FormAlert message={formError} />
        {!canChange && <Alert severity="info">{t('smsServices.readOnly')}</Alert>}
        <ActiveField control={form.control} disabled={readOnly} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {text('short_code', t('smsServices.shortCode'), t('smsServices.shortCodeHelp'))}
          {text('keyword', t('smsServices.keyword'), t('smsServices.keywordHelp'))}
        </Box>
        <DatePickerField
          control={form.control}
          name="activated_on"
          label={t('smsServices.activatedOn')}
          helperText={t('smsServices.activatedOnHelp')}
          disabled={readOnly}
          fullWidth
        />
        {instructions('instructions_en', t('smsServices.instructionsEn'), 'en')}
        {instructions('instructions_fr', t('smsServices.instructionsFr'), 'fr')}
        {keyword && (
          <Typography variant="body2" color="text.secondary">
            {t('smsServices.formats', { keyword: keyword.trim().toUpperCase() })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={saving}>
          {t('smsServices.cancel')}
        </Button>
        {canChange && (
          <Button type="submit" variant="contained" disabled={saving} data-testid="sms-service-save">
            {t('smsServices.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
