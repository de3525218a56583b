import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 9: the overlay hides 700 ms after loading ends. */
export const overlayHideDelayMs = 700;

/** Stays true while `active`, and for `delayMs` after it ends. */
export function useDelayedHide(active: boolean, delayMs = overlayHideDelayMs): boolean {
  const [wasActive, setWasActive] = useState(active);
  const [lingering, setLingering] = useState(false);
  if (active !== wasActive) {
    setWasActive(active);
    setLingering(!active);
  }
  useEffect(() => {
    if (!lingering) return undefined;
    const timer = setTimeout(() => setLingering(false), delayMs);
    return () => clearTimeout(timer);
  }, [lingering, delayMs]);
  return active || lingering;
}

/** The loading overlay of spec 2, shown while a screen loads and faded out after. */
export function LoadingOverlay({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const visible = useDelayedHide(active);
  return (
    <Backdrop
      open={visible}
      transitionDuration={{ enter: 150, exit: 400 }}
      sx={(theme) => ({
        zIndex: theme.zIndex.modal + 1,
        flexDirection: 'column',
        gap: 2,
        color: '#fff',
        backgroundColor: 'rgba(10, 20, 30, 0.55)',
      })}
      data-testid="loading-overlay"
      aria-hidden={!visible}
    >
      <CircularProgress color="inherit" aria-hidden />
      <Typography role="status">{t('loading.fragments')}</Typography>
    </Backdrop>
  );
}
