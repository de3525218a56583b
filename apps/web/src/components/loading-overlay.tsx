import Box from '@mui/material/Box';
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

/** The overlay's fade-out. */
export const overlayFadeMs = 400;

/**
 * The loading overlay of spec 2, shown while a screen loads and faded out after. Plain CSS transitions
 * rather than MUI's Backdrop: it is on every first load, so it stays small. The spinner is mounted only
 * while the overlay shows or fades: its animations would otherwise run under `visibility: hidden` for
 * as long as the page stays open, a style pass on every frame (10–18 % of a core on an idle page).
 */
export function LoadingOverlay({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const visible = useDelayedHide(active);
  const spinning = useDelayedHide(visible, overlayFadeMs);
  return (
    <Box
      data-testid="loading-overlay"
      aria-hidden={!visible}
      sx={(theme) => ({
        position: 'fixed',
        inset: 0,
        zIndex: theme.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        color: '#fff',
        backgroundColor: 'rgba(10, 20, 30, 0.55)',
        opacity: visible ? 1 : 0,
        visibility: visible ? 'visible' : 'hidden',
        // Fade in fast; fade out, then leave the accessibility tree and stop catching clicks.
        transition: visible
          ? 'opacity 150ms ease-out'
          : `opacity ${overlayFadeMs}ms ease-in, visibility 0s linear ${overlayFadeMs}ms`,
      })}
    >
      {spinning && <CircularProgress color="inherit" aria-hidden />}
      <Typography role="status">{t('loading.fragments')}</Typography>
    </Box>
  );
}
