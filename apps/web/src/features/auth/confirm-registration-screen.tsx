import './texts.js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiPaths, messages, ZNewPasswordSchema, type SessionPayload } from '@stp/shared';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { api } from '../../api/api.js';
import { describeError, isCanceled } from '../../components/dialogs/describe-error.js';
import { FormAlert } from '../../components/form/form-fields.js';
import { NewPasswordFields } from '../../components/form/password-field.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { i18n, translateMessage } from '../../i18n/index.js';
import { session } from '../../session/session.js';
import { AuthCard, AuthSubmitButton } from './auth-card.js';
import { takeLoginRedirect } from './sign-in.js';

/** Who the link is for, as `GET /auth/register/confirm/{token}/` answers. */
interface Invitee {
  email: string;
  first_name: string;
}

type LinkState =
  | { status: 'ready'; invitee: Invitee }
  | { status: 'invalid'; detail: string }
  | { status: 'failed'; detail: string };

/** The link is used up, expired or mistyped: 404, or 422 on the token itself. */
function isBadLink(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === 404 || (error.status === 422 && 'token' in error.fieldErrors))
  );
}

/** The server's English text for a bad link (the 422 on a malformed token has none of its own). */
function badLinkText(error: ApiError): string {
  const detail = error.status === 404 ? describeError(error)?.text : undefined;
  return detail ?? i18n.t('messages.invalidLink', { lng: 'en' });
}

/**
 * Account confirmation and Complete Registration (spec 2 `/auth/register/confirm/{token}`): checks the
 * e-mailed link, then sets the password and signs the new user in.
 */
export function ConfirmRegistrationScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  const loadingId = useId();
  // The answer for one token and attempt; anything else (a new link, a retry) is still loading.
  const key = `${attempt}:${token}`;
  const [answer, setAnswer] = useState<{ key: string; link: LinkState } | null>(null);
  const link = answer?.key === key ? answer.link : null;

  useEffect(() => {
    const controller = new AbortController();
    const settle = (state: LinkState) => setAnswer({ key: `${attempt}:${token}`, link: state });
    api
      .request<Invitee>(apiPaths.confirmRegistration(token), { signal: controller.signal })
      .then((invitee) =>
        settle(invitee ? { status: 'ready', invitee } : { status: 'failed', detail: messages.genericError }),
      )
      .catch((error: unknown) => {
        if (isCanceled(error)) return;
        if (isBadLink(error)) settle({ status: 'invalid', detail: badLinkText(error) });
        else settle({ status: 'failed', detail: describeError(error)?.text ?? messages.genericError });
      });
    return () => controller.abort();
  }, [token, attempt]);

  if (!link)
    return (
      <AuthCard title={t('auth.confirm.title')}>
        <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }}>
          <CircularProgress size={28} aria-labelledby={loadingId} />
          <Typography id={loadingId} color="text.secondary">
            {t('auth.confirm.loading')}
          </Typography>
        </Stack>
      </AuthCard>
    );

  if (link.status === 'invalid') return <InvalidLink detail={link.detail} />;

  if (link.status === 'failed')
    return (
      <AuthCard title={t('auth.confirm.failedTitle')}>
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {translateMessage(link.detail)}
        </Alert>
        <Button variant="contained" size="large" fullWidth onClick={() => setAttempt((count) => count + 1)}>
          {t('auth.confirm.retry')}
        </Button>
      </AuthCard>
    );

  return (
    <CompleteRegistration
      token={token}
      invitee={link.invitee}
      onBadLink={(error) => setAnswer({ key, link: { status: 'invalid', detail: badLinkText(error) } })}
    />
  );
}

/** New Password and Confirm Password; the answer signs the user in. */
function CompleteRegistration({
  token,
  invitee,
  onBadLink,
}: {
  token: string;
  invitee: Invitee;
  onBadLink: (error: ApiError) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, formError, onSubmit } = useZodForm(ZNewPasswordSchema, {
    new_password: '',
    confirm_password: '',
  });

  const submit = onSubmit(async (values) => {
    try {
      const answer = await api.request<SessionPayload>(apiPaths.confirmRegistration(token), {
        method: 'POST',
        body: values,
      });
      if (!answer) return;
      session.getState().initialise(answer);
      // Back to where the sign-up started (the complaint form's sign-in wall), else the dashboard.
      await navigate(takeLoginRedirect(), { replace: true });
    } catch (error) {
      if (!isBadLink(error)) throw error;
      onBadLink(error);
    }
  });

  const name = invitee.first_name.trim();
  return (
    <AuthCard
      title={name ? t('auth.confirm.welcome', { name }) : t('auth.confirm.welcomeAnonymous')}
      intro={
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          <Trans
            i18nKey="auth.confirm.intro"
            values={{ email: invitee.email }}
            components={{ strong: <strong /> }}
          />
        </Box>
      }
    >
      <Box component="form" noValidate onSubmit={submit}>
        <FormAlert message={formError} />
        {/* Lets password managers store the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={invitee.email} readOnly />
        <NewPasswordFields control={form.control} />
        <AuthSubmitButton busy={form.formState.isSubmitting}>{t('auth.confirm.submit')}</AuthSubmitButton>
      </Box>
    </AuthCard>
  );
}

/** A link that cannot be used: what happened, and the two ways to get a new one. */
function InvalidLink({ detail }: { detail: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.confirm.invalidTitle')}>
      <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="confirm-invalid">
        {translateMessage(detail)}
      </Alert>
      <Typography variant="body2" color="text.secondary">
        {t('auth.confirm.invalidHelp')}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/auth/register/client" variant="contained" size="large" fullWidth>
          {t('auth.confirm.signUpAgain')}
        </Button>
        <Button component={RouterLink} to="/auth/register/reset" variant="outlined" size="large" fullWidth>
          {t('auth.confirm.askReset')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
