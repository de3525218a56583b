import Construction from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useMatches } from 'react-router';
import { MessageScreen } from '../../components/message-screen.js';

/** A screen whose route, layout, title and gate are real but whose content comes with a later release. */
export function UnderConstructionScreen() {
  const { t } = useTranslation();
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id ?? '';
  const signedInArea = useLocation().pathname.startsWith('/auth/');
  return (
    <MessageScreen
      testId="under-construction"
      icon={<Construction />}
      title={t(`routes.${id}`)}
      text={
        <>
          <strong>{t('errors.underConstructionTitle')}.</strong> {t('errors.underConstruction')}
        </>
      }
      actions={
        <Button variant="outlined" component={RouterLink} to={signedInArea ? '/auth/dashboard' : '/'}>
          {signedInArea ? t('errors.goDashboard') : t('errors.goHome')}
        </Button>
      }
    />
  );
}
