import Menu from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AccountMenu, LanguageSwitch, ThemeSwitch } from './header-controls.js';

/** The portal's name, linking home; the community's name above it from 600 px. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to="/"
      color="inherit"
      underline="none"
      sx={{ display: 'block', minWidth: 0 }}
    >
      <Typography
        component="span"
        variant="caption"
        sx={{ display: { xs: 'none', sm: 'block' }, color: 'text.secondary', lineHeight: 1.2 }}
      >
        {t('app.community')}
      </Typography>
      <Typography
        component="span"
        sx={{
          display: 'block',
          fontWeight: 700,
          fontSize: { xs: '0.875rem', sm: '1.15rem' },
          lineHeight: 1.2,
        }}
      >
        {t('app.name')}
      </Typography>
    </Link>
  );
}

/** The top bar of both layouts: the menu button under 900 px, the brand, language, theme and account. */
export function HeaderBar({
  onOpenMenu,
  disableGutters,
}: {
  onOpenMenu: () => void;
  disableGutters?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Toolbar
      disableGutters={disableGutters}
      // The name may wrap on a narrow phone: its lines keep clear of the bar's edges.
      sx={{ gap: { xs: 0.5, sm: 1 }, minHeight: { xs: 56, sm: 64 }, py: 0.5 }}
    >
      <IconButton
        color="inherit"
        edge="start"
        onClick={onOpenMenu}
        aria-label={t('nav.openMenu')}
        sx={{ display: { md: 'none' } }}
        data-testid="open-navigation"
      >
        <Menu aria-hidden />
      </IconButton>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Brand />
      </Box>
      <LanguageSwitch />
      <ThemeSwitch />
      <AccountMenu />
    </Toolbar>
  );
}
