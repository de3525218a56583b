import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import Login from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { supportedLocales } from '@stp/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { showError } from '../../components/dialogs/dialogs.js';
import { currentLocale } from '../../i18n/index.js';
import { changeDarkMode, changeLocale, useThemeMode } from '../../session/preferences.js';
import { useSession } from '../../session/session.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

/** Phones narrower than the common 360 px. */
const narrowPhone = '@media (max-width: 359.95px)';

// Only signed-in users see the account menu: visitors do not download it.
const SignedInMenu = lazy(() =>
  import('./account-menu.js').then((module) => ({ default: module.AccountMenu })),
);

/** Language switch (spec 1: en and fr): one button that offers the other language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const other = supportedLocales.find((locale) => locale !== currentLocale()) ?? 'en';
  const code = other.toUpperCase();
  return (
    <Button
      color="inherit"
      onClick={() => void changeLocale(other).catch(showError)}
      lang={other}
      // WCAG 2.5.3 (label in name): the name starts with what the button shows ("FR, Passer en français"),
      // so a voice user saying "click FR" reaches it.
      aria-label={`${code}, ${t(`language.switchTo.${other}`)}`}
      title={t(`language.switchTo.${other}`)}
      data-testid="language-switch"
      sx={{ minWidth: 0, px: 1 }}
    >
      {code}
    </Button>
  );
}

/** Theme switch: light / dark. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dark = useThemeMode() === 'dark';
  const label = dark ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <IconButton
      color="inherit"
      onClick={() => void changeDarkMode(!dark).catch(showError)}
      aria-label={label}
      title={label}
      data-testid="theme-switch"
    >
      {dark ? <LightMode aria-hidden /> : <DarkMode aria-hidden />}
    </IconButton>
  );
}

/** The account menu's button: an icon button, 40 px square (account-menu.tsx). */
const accountButtonPlace = { display: 'inline-block', width: 40, height: 40, flexShrink: 0 } as const;

/** Sign in for visitors; the account menu for signed-in users. */
export function AccountMenu() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.user !== null);
  if (signedIn) {
    return (
      // The account button's place is kept while its chunk loads: the controls beside it do not move
      // when it arrives, so a tap meant for the theme switch cannot land on the account menu.
      <Suspense fallback={<span style={accountButtonPlace} data-testid="account-menu-place" />}>
        <SignedInMenu />
      </Suspense>
    );
  }
  return (
    <Button
      color="inherit"
      variant="outlined"
      component={RouterLink}
      to="/auth/login"
      data-testid="sign-in"
      // Narrower on a phone, where the portal's name needs the room ("Portail du commerce des services"),
      // and under 360 px an icon whose words only screen readers hear.
      sx={{
        whiteSpace: 'nowrap',
        flexShrink: 0,
        px: { xs: 1, sm: 2 },
        minWidth: 0,
        '& .sign-in-icon': { display: 'none' },
        [narrowPhone]: { '& .sign-in-icon': { display: 'block' }, '& .sign-in-text': visuallyHidden },
      }}
    >
      <Login className="sign-in-icon" fontSize="small" aria-hidden />
      <span className="sign-in-text">{t('account.signIn')}</span>
    </Button>
  );
}
