import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import type { TComplaintFormInput } from '@stp/shared';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import './confidentiality-texts.js';

/** The complaint form's request that the applicant's identity be withheld (issue 34 item 5). */
export function WithholdIdentityField({
  control,
}: {
  control: Control<TComplaintFormInput, unknown, unknown>;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'identity_withheld' });
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true || field.value === 'true'}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-describedby': 'withhold-identity-help' } }}
          />
        }
        label={t('confidentiality.lodgeLabel')}
      />
      <FormHelperText id="withhold-identity-help" sx={{ mt: 0 }}>
        {t('confidentiality.lodgeHelp')}
      </FormHelperText>
    </Box>
  );
}
