import './texts.js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { subscriptionApiPaths, subscriptionFrequencies, type SubscriptionFrequency } from '@stp/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.js';
import { api } from '../../api/api.js';
import { describeError } from '../../components/dialogs/describe-error.js';
import { translateMessage } from '../../i18n/index.js';
import { useSession } from '../../session/session.js';
import type { FollowTarget } from './follow-button.js';

type Outcome = { severity: 'success' | 'error'; text: string } | null;

/**
 * The Follow dialog (loaded at the first press of a Follow button): how often, and a visitor's address.
 * Signed in, it follows at once; a visitor is sent a confirmation link (docs/subscriptions.md).
 */
export function FollowDialog({
  target,
  what,
  onClose,
}: {
  target: FollowTarget;
  what: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signedIn = useSession((state) => state.user !== null);
  const [frequency, setFrequency] = useState<SubscriptionFrequency>('daily');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const close = onClose;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
      const body = { ...target, frequency, lang, ...(signedIn ? {} : { email }) };
      const answer = await api.request<{ detail: string }>(subscriptionApiPaths.list, {
        method: 'POST',
        body,
      });
      setOutcome({ severity: 'success', text: translateMessage(answer?.detail ?? '') });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      else setOutcome({ severity: 'error', text: describeError(error)?.text ?? t('messages.genericError') });
    } finally {
      setBusy(false);
    }
  };

  const otherErrors = Object.entries(errors).filter(([field]) => field !== 'email' && field !== 'frequency');
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('subscriptions.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>{t('subscriptions.what', { what })}</Typography>
            {outcome ? (
              <Alert severity={outcome.severity} data-testid="follow-outcome" role="status">
                {outcome.text}
              </Alert>
            ) : null}
            {otherErrors.map(([field, message]) => (
              <Alert key={field} severity="warning">
                {translateMessage(message)}
              </Alert>
            ))}
            {outcome?.severity === 'success' ? null : (
              <>
                <TextField
                  select
                  label={t('subscriptions.frequency')}
                  value={frequency}
                  onChange={(event) => setFrequency(event.target.value as SubscriptionFrequency)}
                  error={Boolean(errors.frequency)}
                  helperText={errors.frequency ? translateMessage(errors.frequency) : undefined}
                  slotProps={{ htmlInput: { 'data-testid': 'follow-frequency' } }}
                >
                  {subscriptionFrequencies.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`subscriptions.frequencies.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {signedIn ? null : (
                  <TextField
                    type="email"
                    autoComplete="email"
                    required
                    label={t('subscriptions.email')}
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    error={Boolean(errors.email)}
                    helperText={errors.email ? translateMessage(errors.email) : t('subscriptions.emailHelp')}
                    slotProps={{ htmlInput: { 'data-testid': 'follow-email' } }}
                  />
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>
            {outcome?.severity === 'success' ? t('subscriptions.close') : t('subscriptions.cancel')}
          </Button>
          {outcome?.severity === 'success' ? null : (
            <Button type="submit" variant="contained" disabled={busy} data-testid="follow-submit">
              {t('subscriptions.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
