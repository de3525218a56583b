import './texts.js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiPaths, supportedLocales, ZPasswordChangeSchema } from '@stp/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.js';
import { showError, showSuccess } from '../../components/dialogs/dialogs.js';
import { FormAlert } from '../../components/form/form-fields.js';
import { FormPasswordField, NewPasswordFields } from '../../components/form/password-field.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { applyLocale, currentLocale, isSupportedLocale } from '../../i18n/index.js';
import { changeDarkMode, changeLocale, useThemeMode } from '../../session/preferences.js';
import { useSession } from '../../session/session.js';

function SettingsCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

/** A preference saved on change: shows the chosen value at once and keeps the control disabled until saved. */
function usePreference<T>(current: T, apply: (value: T) => Promise<void>) {
  const [wanted, setWanted] = useState<{ value: T } | null>(null);
  const change = (value: T) => {
    setWanted({ value });
    apply(value)
      .catch(showError)
      .finally(() => setWanted(null));
  };
  return { value: wanted ? wanted.value : current, pending: wanted !== null, change };
}

function AppearanceCard() {
  const { t } = useTranslation();
  const dark = usePreference(useThemeMode() === 'dark', changeDarkMode);
  return (
    <SettingsCard
      id="settings-appearance"
      title={t('settings.appearance')}
      intro={t('settings.appearanceIntro')}
    >
      <FormControlLabel
        label={t('fields.darkMode')}
        control={
          <Switch
            checked={dark.value}
            disabled={dark.pending}
            onChange={(event) => dark.change(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'settings-dark-mode-help' } }}
            data-testid="settings-dark-mode"
          />
        }
      />
      <FormHelperText id="settings-dark-mode-help" sx={{ mt: 0 }}>
        {t('settings.darkModeHelp')}
      </FormHelperText>
    </SettingsCard>
  );
}

/** Saves the locale, then waits for the interface to be in it, so the select never flicks back. */
async function applyLanguage(locale: string): Promise<void> {
  await changeLocale(locale);
  if (isSupportedLocale(locale)) await applyLocale(locale);
}

function LanguageCard() {
  // useTranslation re-renders this card when the language changes, so currentLocale() stays current.
  const { t } = useTranslation();
  const locale = usePreference<string>(currentLocale(), applyLanguage);
  return (
    <SettingsCard id="settings-language" title={t('settings.language')} intro={t('settings.languageIntro')}>
      <TextField
        select
        label={t('fields.language')}
        value={locale.value}
        disabled={locale.pending}
        onChange={(event) => locale.change(event.target.value)}
        margin="none"
        sx={{ maxWidth: { sm: 320 } }}
        slotProps={{ htmlInput: { 'data-testid': 'settings-locale' } }}
      >
        {supportedLocales.map((option) => (
          <MenuItem key={option} value={option} lang={option}>
            {t(`language.name.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    </SettingsCard>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const email = useSession((state) => state.user?.email ?? '');
  const { form, formError, onSubmit } = useZodForm(ZPasswordChangeSchema, {
    current_password: '',
    new_password: '',
    confirm_password: '',
  });
  const saving = form.formState.isSubmitting;

  const submit = onSubmit(async (values) => {
    const answer = await api.request<{ detail: string }>(apiPaths.profilePassword, {
      method: 'POST',
      body: values,
    });
    if (!answer) return;
    form.reset();
    showSuccess(answer.detail);
  });

  return (
    <SettingsCard id="settings-password" title={t('settings.password')} intro={t('settings.passwordIntro')}>
      <Box component="form" noValidate onSubmit={submit} aria-busy={saving} data-testid="password-form">
        <FormAlert message={formError} />
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
        <FormPasswordField
          control={form.control}
          name="current_password"
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          required
          sx={{ mt: 0 }}
        />
        <NewPasswordFields control={form.control} />
        {saving && <LinearProgress aria-label={t('settings.changing')} sx={{ mt: 2 }} />}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={saving}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
            data-testid="password-submit"
          >
            {t('settings.passwordSubmit')}
          </Button>
        </Box>
      </Box>
    </SettingsCard>
  );
}

/** Settings: the theme, the interface language and the password of the signed-in user. */
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 760 }}>
      <ScreenHeading title={t('settings.title')} intro={t('settings.intro')} />
      <AppearanceCard />
      <LanguageCard />
      <PasswordCard />
    </Box>
  );
}
