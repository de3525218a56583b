import './texts.js';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { ZLoginSchema } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { FormPasswordField } from '../../components/form/password-field.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { useSession } from '../../session/session.js';
import { AuthAlternative, AuthCard, AuthSubmitButton } from './auth-card.js';
import { signIn, takeLoginRedirect } from './sign-in.js';

/** Login (spec 2 `/auth/login`). */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((state) => state.user !== null);
  const { form, formError, onSubmit } = useZodForm(ZLoginSchema, { email: '', password: '' });

  // Already signed in when the screen opens; after this form's own sign-in, `submit` navigates.
  if (signedIn && !form.formState.isSubmitting && !form.formState.isSubmitSuccessful)
    return <Navigate to="/auth/dashboard" replace />;

  const submit = onSubmit(async (values) => {
    await signIn(values);
    await navigate(takeLoginRedirect(), { replace: true });
  });

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.intro')}>
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
        <FormPasswordField
          control={form.control}
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
        />
        <Box sx={{ textAlign: 'right', mt: 0.5 }}>
          <Link component={RouterLink} to="/auth/register/reset" variant="body2">
            {t('auth.login.forgot')}
          </Link>
        </Box>
        <AuthSubmitButton busy={form.formState.isSubmitting}>{t('auth.login.submit')}</AuthSubmitButton>
      </Box>
      <AuthAlternative
        text={t('auth.login.noAccount')}
        linkText={t('auth.login.signUp')}
        to="/auth/register/client"
      />
    </AuthCard>
  );
}
