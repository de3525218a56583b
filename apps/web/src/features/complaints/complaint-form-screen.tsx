import LockOutlined from '@mui/icons-material/LockOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { rememberSignUpRedirect } from '../auth/sign-in.js';
import { rememberLoginRedirect } from '../../app/layouts/signed-in-layout.js';
import { MessageScreen } from '../../components/message-screen.js';
import { useAppData } from '../../session/app-data.js';
import { useSession } from '../../session/session.js';
import { ComplaintForm } from './complaint-form.js';

/** A visitor must sign in first (spec 6), and comes back here afterwards. */
export function SignInFirst({ forDetail = false }: { forDetail?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const signIn = () => {
    rememberLoginRedirect(here);
    void navigate('/auth/login');
  };
  // The wall promises to come back here: after sign-up too, once the e-mailed link is followed.
  const rememberForSignUp = () => {
    rememberLoginRedirect(here);
    rememberSignUpRedirect(here);
  };
  return (
    <MessageScreen
      testId="complaint-sign-in"
      icon={<LockOutlined />}
      title={t(forDetail ? 'complaints.detail.signInTitle' : 'complaints.form.mustLogIn')}
      text={
        forDetail ? (
          t('complaints.detail.signInText')
        ) : (
          <>
            {t('complaints.form.mustLogInText')}
            {/* Without an account (or a smartphone) a barrier can be reported by SMS too (spec 1). */}
            <Box component="span" sx={{ display: 'block', mt: 1.5 }} data-testid="wall-sms">
              <Trans
                i18nKey="complaints.wall.sms"
                components={{ smsLink: <Link component={RouterLink} to="/public/about/sms-how-to" /> }}
              />
            </Box>
          </>
        )
      }
      actions={
        <>
          <Button variant="contained" onClick={signIn} data-testid="complaint-sign-in-button">
            {t('complaints.form.signIn')}
          </Button>
          <Button
            variant="outlined"
            component={RouterLink}
            to="/auth/register/client"
            onClick={rememberForSignUp}
            data-testid="complaint-sign-up-button"
          >
            {t('complaints.form.signUp')}
          </Button>
          {!forDetail && (
            <Button component={RouterLink} to="/public/complaints/list" data-testid="wall-list">
              {t('complaints.wall.list')}
            </Button>
          )}
        </>
      }
    />
  );
}

/** Staff accounts may not register complaints (spec 5, 6); the server refuses them too. */
function StaffRefused() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="complaint-staff"
      icon={<BadgeOutlined />}
      title={t('complaints.form.staffTitle')}
      text={t('complaints.form.staffText')}
      actions={
        <Button variant="contained" component={RouterLink} to="/auth/manage/complaints">
          {t('complaints.form.openManage')}
        </Button>
      }
    />
  );
}

/** `/public/complaints` (spec 2): the complaint form for client accounts. */
export function ComplaintFormScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const user = useSession((state) => state.user);
  const sessionChecked = useAppData((state) => state.sessionChecked);
  if (!sessionChecked) return null;
  if (!user) return <SignInFirst />;
  if (user.is_staff) return <StaffRefused />;
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('complaints.form.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('complaints.form.intro')}
      </Typography>
      <ComplaintForm restriction={searchParams.get('restriction') ?? ''} />
    </>
  );
}
