import './texts.js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { apiPaths, ZNewPasswordSchema, ZPasswordResetRequestSchema } from '@stp/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { api } from '../../api/api.js';
import { describeError } from '../../components/dialogs/describe-error.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { NewPasswordFields } from '../../components/form/password-field.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { i18n, translateMessage } from '../../i18n/index.js';
import { session } from '../../session/session.js';
import { AuthAlternative, AuthCard, AuthSubmitButton } from './auth-card.js';

/**
 * Forgot/Reset Password (spec 2 `/auth/register/reset`): without a token, asks for a link by e-mail; with
 * the `?token=` of that link, sets the new password.
 */
export function PasswordResetScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // A new key per token: following another link starts from an empty form.
  return token ? <ChooseNewPassword key={token} token={token} /> : <RequestLink />;
}

/** Step one: the e-mail address the link goes to. */
function RequestLink() {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<string | null>(null);
  const { form, formError, onSubmit } = useZodForm(ZPasswordResetRequestSchema, { email: '' });

  if (detail)
    return (
      <Done title={t('auth.reset.sentTitle')} detail={detail} testId="reset-sent">
        <Typography variant="body2" color="text.secondary">
          {t('auth.reset.sentHelp')}
        </Typography>
        <Button variant="outlined" size="large" fullWidth sx={{ mt: 3 }} onClick={() => setDetail(null)}>
          {t('auth.reset.retry')}
        </Button>
      </Done>
    );

  const submit = onSubmit(async (values) => {
    const answer = await api.request<{ detail: string }>(apiPaths.passwordReset, {
      method: 'POST',
      body: values,
    });
    if (answer) setDetail(answer.detail);
  });

  return (
    <AuthCard title={t('auth.reset.title')} intro={t('auth.reset.intro')}>
      <Box component="form" noValidate onSubmit={submit}>
        <FormAlert message={formError} />
        <FormTextField
          control={form.control}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          required
        />
        <AuthSubmitButton busy={form.formState.isSubmitting}>{t('auth.reset.submit')}</AuthSubmitButton>
      </Box>
      <AuthAlternative text={t('auth.reset.remembered')} linkText={t('auth.reset.signIn')} to="/auth/login" />
    </AuthCard>
  );
}

/** Step two, from the e-mailed link: New Password and Confirm Password. */
function ChooseNewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const { form, formError, onSubmit } = useZodForm(ZNewPasswordSchema, {
    new_password: '',
    confirm_password: '',
  });

  if (detail)
    return (
      <Done title={t('auth.reset.doneTitle')} detail={detail} testId="reset-done">
        <Button
          component={RouterLink}
          to="/auth/login"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 1 }}
        >
          {t('auth.reset.signIn')}
        </Button>
      </Done>
    );

  const submit = onSubmit(async (values) => {
    setLinkError(null);
    try {
      const answer = await api.request<{ detail: string; csrf: string }>(
        apiPaths.passwordResetConfirm(token),
        { method: 'POST', body: values },
      );
      if (!answer) return;
      // The reset signed the account out everywhere, this browser included.
      session.getState().initialise({ csrf: answer.csrf, token: null, user: null, profile: null });
      setDetail(answer.detail);
    } catch (error) {
      // A used, expired or mistyped link: 404, or 422 on the token itself.
      const badLink =
        error instanceof ApiError &&
        (error.status === 404 || (error.status === 422 && 'token' in error.fieldErrors));
      if (!badLink) throw error;
      const detail = error.status === 404 ? describeError(error)?.text : undefined;
      // Kept in English, like the server's texts, so that it follows a change of interface language.
      setLinkError(detail ?? i18n.t('messages.invalidLink', { lng: 'en' }));
    }
  });

  return (
    <AuthCard title={t('auth.reset.newTitle')} intro={t('auth.reset.newIntro')}>
      <Box component="form" noValidate onSubmit={submit}>
        <FormAlert message={linkError ?? formError} />
        {linkError && (
          <Typography variant="body2" sx={{ mt: -1, mb: 2 }}>
            <Link component={RouterLink} to="/auth/register/reset" data-testid="reset-new-link">
              {t('auth.reset.askNewLink')}
            </Link>
          </Typography>
        )}
        <NewPasswordFields control={form.control} />
        <AuthSubmitButton busy={form.formState.isSubmitting}>{t('auth.reset.newSubmit')}</AuthSubmitButton>
      </Box>
    </AuthCard>
  );
}

/** A finished step: the server's message (read out), then what to do next. */
function Done({
  title,
  detail,
  testId,
  children,
}: {
  title: string;
  detail: string;
  testId: string;
  children: ReactNode;
}) {
  const status = useRef<HTMLDivElement>(null);
  // The form was replaced: the focus goes to the message so that it is read out and the user is not lost.
  useEffect(() => {
    status.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <AuthCard title={title}>
      <Alert ref={status} tabIndex={-1} severity="success" role="status" sx={{ mb: 2 }} data-testid={testId}>
        {translateMessage(detail)}
      </Alert>
      {children}
    </AuthCard>
  );
}
