import './texts.js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiPaths, ZRegisterClientSchema } from '@stp/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { api } from '../../api/api.js';
import { CountryField, LocaleField } from '../../components/form/choice-fields.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { currentLocale, isSupportedLocale, translateMessage } from '../../i18n/index.js';
import { useSession } from '../../session/session.js';
import { AuthAlternative, AuthCard, AuthSubmitButton } from './auth-card.js';

/** What the server answered to a registration, and the address it was for. */
interface Sent {
  detail: string;
  email: string;
}

/** Client registration, Sign Up (spec 2 `/auth/register/client`): the password is chosen from the e-mailed link. */
export function RegisterScreen() {
  const { t, i18n } = useTranslation();
  const signedIn = useSession((state) => state.user !== null);
  const [sent, setSent] = useState<Sent | null>(null);
  const { form, formError, onSubmit } = useZodForm(ZRegisterClientSchema, {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    country: '',
    locale: currentLocale(),
  });

  // The Locale follows the interface language until the user picks one.
  useEffect(() => {
    const language = i18n.language;
    if (isSupportedLocale(language) && form.getValues('locale') === form.formState.defaultValues?.locale)
      form.resetField('locale', { defaultValue: language });
  }, [form, i18n.language]);

  if (signedIn) return <Navigate to="/auth/dashboard" replace />;
  if (sent) return <CheckYourEmail sent={sent} onRetry={() => setSent(null)} />;

  const submit = onSubmit(async (values) => {
    const answer = await api.request<{ detail: string }>(apiPaths.register, { method: 'POST', body: values });
    if (answer) setSent({ detail: answer.detail, email: values.email });
  });

  return (
    <AuthCard title={t('auth.register.title')} intro={t('auth.register.intro')}>
      <Box component="form" noValidate onSubmit={submit}>
        <FormAlert message={formError} />
        {/* A grid, not a Stack: a Stack zeroes its children's margins, and on a phone the two fields touched. */}
        <Box sx={{ display: { sm: 'grid' }, gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={form.control}
            name="first_name"
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
          />
          <FormTextField
            control={form.control}
            name="last_name"
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
          />
        </Box>
        <FormTextField
          control={form.control}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          required
        />
        <FormTextField
          control={form.control}
          name="phone"
          type="tel"
          label={t('fields.phone')}
          autoComplete="tel"
          helperText={t('auth.register.phoneHelp')}
        />
        <CountryField
          control={form.control}
          name="country"
          label={t('fields.country')}
          autoComplete="country"
          required
        />
        <LocaleField
          control={form.control}
          name="locale"
          label={t('fields.language')}
          helperText={t('auth.register.localeHelp')}
          required
        />
        <AuthSubmitButton busy={form.formState.isSubmitting}>{t('auth.register.submit')}</AuthSubmitButton>
      </Box>
      <AuthAlternative
        text={t('auth.register.haveAccount')}
        linkText={t('auth.register.signIn')}
        to="/auth/login"
      />
    </AuthCard>
  );
}

/** The state after a registration: the server's message, where the link went, what to do next. */
function CheckYourEmail({ sent, onRetry }: { sent: Sent; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = useRef<HTMLDivElement>(null);
  // The form was replaced: the focus goes to the message so that it is read out and the user is not lost.
  useEffect(() => {
    status.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <AuthCard title={t('auth.register.sentTitle')}>
      <Alert
        ref={status}
        tabIndex={-1}
        severity="success"
        role="status"
        sx={{ mb: 2 }}
        data-testid="register-sent"
      >
        {translateMessage(sent.detail)}
      </Alert>
      <Typography>{t('auth.register.sentTo')}</Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="register-sent-to">
        {sent.email}
      </Typography>
      <Typography sx={{ mt: 1.5, mb: 1.5 }}>{t('auth.register.sentNext')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('auth.register.existingAccount')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('auth.register.notReceived')}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/auth/login" variant="contained" size="large" fullWidth>
          {t('auth.register.signIn')}
        </Button>
        <Button variant="outlined" size="large" fullWidth onClick={onRetry}>
          {t('auth.register.retry')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
