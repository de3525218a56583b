import './texts.js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { messages, ZProfileUpdateSchema } from '@stp/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error.js';
import { showError, showSuccess } from '../../components/dialogs/dialogs.js';
import { CountryField, LocaleField } from '../../components/form/choice-fields.js';
import { FormAlert, FormTextField } from '../../components/form/form-fields.js';
import { useZodForm } from '../../components/form/use-zod-form.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { currentLocale, isSupportedLocale, switchLocale } from '../../i18n/index.js';
import { useAppData } from '../../session/app-data.js';
import { updateProfile } from '../../session/preferences.js';
import { session, useSession } from '../../session/session.js';
import { displayName, type Profile } from '../../session/session-store.js';
import { AvatarPicker, noAvatarChoice, type AvatarChoice } from './avatar-picker.js';

type ProfileValues = z.input<typeof ZProfileUpdateSchema>;
type ProfileOutput = z.output<typeof ZProfileUpdateSchema>;

const textFields = ['first_name', 'last_name', 'display_name', 'phone', 'country'] as const;

/** The form's values from the stored profile. */
function valuesOf(profile: Profile | null): ProfileValues {
  const locale = profile?.locale;
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    display_name: profile?.display_name ?? '',
    phone: profile?.phone ?? '',
    country: profile?.country ?? '',
    locale: isSupportedLocale(locale) ? locale : currentLocale(),
    dark_mode: profile?.darkMode ?? false,
  };
}

/** The multipart body of `POST /api/profile/update/`. */
function toFormData(values: ProfileOutput, avatar: AvatarChoice): FormData {
  const data = new FormData();
  for (const field of textFields) data.set(field, values[field] ?? '');
  if (values.locale) data.set('locale', values.locale);
  data.set('dark_mode', String(values.dark_mode ?? false));
  if (avatar.file) data.set('avatar', avatar.file, avatar.file.name);
  else if (avatar.removed) data.set('remove_avatar', 'true');
  return data;
}

function DarkModeField({ control }: { control: Control<ProfileValues, unknown, ProfileOutput> }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'dark_mode' });
  return (
    <Box sx={{ mt: 1 }}>
      <FormControlLabel
        label={t('fields.darkMode')}
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': 'profile-dark-mode-help' } }}
          />
        }
      />
      <FormHelperText id="profile-dark-mode-help" sx={{ mt: 0 }}>
        {t('profile.darkModeHelp')}
      </FormHelperText>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ py: 3, '&:first-of-type': { pt: 0 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Profile (spec 2 `/auth/profile`): names, contact details, language, theme and avatar. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const profile = useSession((state) => state.profile);
  const email = useSession((state) => state.user?.email ?? state.profile?.email ?? '');
  const mbMax = useAppData((state) => state.constants?.limits.uploadMaxMb ?? null);
  const [avatar, setAvatar] = useState<AvatarChoice>(noAvatarChoice);
  const { form, formError, onSubmit } = useZodForm(ZProfileUpdateSchema, valuesOf(profile));
  const saving = form.formState.isSubmitting;

  // A change made elsewhere (the header's theme or language switch) shows here unless the field was edited.
  useEffect(() => {
    form.reset(valuesOf(profile), { keepDirtyValues: true, keepErrors: true });
  }, [form, profile]);

  const submit = onSubmit(async (values) => {
    try {
      await updateProfile(toFormData(values, avatar));
    } catch (error) {
      // The server's own check of the file ("Invalid File"): a dialog, as for the browser's check.
      if (!(error instanceof ApiError) || !error.fieldErrors.avatar) throw error;
      const data = error.response?.data as { title?: string } | undefined;
      setAvatar(noAvatarChoice);
      showError({ response: { data: { title: data?.title, detail: error.fieldErrors.avatar } } });
      return;
    }
    const saved = session.getState().profile;
    // No profile means the session ended during the call: the layout takes the user to the login.
    if (!saved) return;
    if (saved.locale && saved.locale !== currentLocale()) switchLocale(saved.locale);
    form.reset(valuesOf(saved));
    setAvatar(noAvatarChoice);
    showSuccess(messages.detailsSaved);
  });

  const name = displayName(profile);

  return (
    <Box sx={{ maxWidth: 760 }}>
      <ScreenHeading title={t('profile.title')} intro={t('profile.intro')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={submit} aria-busy={saving} data-testid="profile-form">
          <FormAlert message={formError} />
          <Section title={t('profile.photo')}>
            <AvatarPicker
              current={profile?.avatar ?? null}
              name={name}
              email={email}
              mbMax={mbMax}
              choice={avatar}
              onChange={setAvatar}
              disabled={saving}
            />
          </Section>
          <Divider />
          <Section title={t('profile.details')}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              <FormTextField
                control={form.control}
                name="first_name"
                label={t('fields.firstName')}
                autoComplete="given-name"
              />
              <FormTextField
                control={form.control}
                name="last_name"
                label={t('fields.lastName')}
                autoComplete="family-name"
              />
              <FormTextField
                control={form.control}
                name="display_name"
                label={t('fields.displayName')}
                autoComplete="nickname"
                helperText={t('profile.displayNameHelp')}
              />
              <FormTextField
                control={form.control}
                name="phone"
                type="tel"
                label={t('fields.phone')}
                autoComplete="tel"
                helperText={t('profile.phoneHelp')}
              />
            </Box>
            <CountryField
              control={form.control}
              name="country"
              label={t('fields.country')}
              autoComplete="country"
            />
          </Section>
          <Divider />
          <Section title={t('profile.preferences')}>
            <LocaleField
              control={form.control}
              name="locale"
              label={t('fields.language')}
              helperText={t('profile.localeHelp')}
              sx={{ mt: 0 }}
            />
            <DarkModeField control={form.control} />
          </Section>
          {saving && <LinearProgress aria-label={t('profile.saving')} sx={{ mb: 2 }} />}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={saving}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
              data-testid="profile-save"
            >
              {saving ? t('profile.saving') : t('profile.save')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
