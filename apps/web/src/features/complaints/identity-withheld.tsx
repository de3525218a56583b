import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import './confidentiality-texts.js';

/** What staff read in place of an applicant whose identity is withheld from them (issue 34 item 5). */
export function IdentityWithheld() {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      data-testid="identity-withheld"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontStyle: 'italic' }}
    >
      <VisibilityOff fontSize="small" aria-hidden />
      {t('confidentiality.withheld')}
    </Box>
  );
}
