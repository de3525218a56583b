import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { confidentialityApiPaths, type TComplaintDetail } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { showError } from '../../components/dialogs/dialogs.js';
import './confidentiality-texts.js';
import { RedactionForm } from './redaction-form.js';

/**
 * The applicant's confidentiality section (issue 34 item 5): whether their identity is withheld from
 * reviewers outside their country, and, until review starts, the redaction of their own text.
 */
export function ConfidentialityPanel({
  complaint,
  onChanged,
}: {
  complaint: TComplaintDetail;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');

  const toggle = async (withheld: boolean) => {
    setSaving(true);
    setStatus('');
    try {
      await api.request(confidentialityApiPaths.confidentiality(complaint.slug), {
        method: 'PUT',
        body: { identity_withheld: withheld },
      });
      await onChanged();
      setStatus(t('confidentiality.saved'));
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="confidentiality-title"
      data-testid="confidentiality-section"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
    >
      <Typography id="confidentiality-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {t('confidentiality.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('confidentiality.intro')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={complaint.identity_withheld}
            disabled={saving || complaint.archived}
            onChange={(event) => void toggle(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'confidentiality-state' } }}
          />
        }
        label={t('confidentiality.switchLabel')}
      />
      <Typography id="confidentiality-state" variant="body2" sx={{ mt: 0.5 }}>
        {t(complaint.identity_withheld ? 'confidentiality.on' : 'confidentiality.off')}
      </Typography>
      <Typography role="status" variant="body2" sx={{ minHeight: '1.5em' }}>
        {status}
      </Typography>
      <RedactionForm complaint={complaint} onChanged={onChanged} />
    </Paper>
  );
}
