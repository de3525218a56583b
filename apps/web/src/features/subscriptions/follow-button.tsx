import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a Follow button follows: the body of `POST /api/subscriptions/` less frequency, language, address. */
export type FollowTarget =
  | { kind: 'browse'; filter: Record<string, string> }
  | { kind: 'restriction'; restriction: string }
  | { kind: 'notifications'; country: string };

// The dialog and its texts load at the first press: the pages that show the button do not carry them.
const FollowDialog = lazy(() => import('./follow-dialog.js').then((m) => ({ default: m.FollowDialog })));

/**
 * "Follow": an e-mail alert of a browse filter, a restriction or a country's notifications
 * (docs/subscriptions.md).
 */
export function FollowButton({ target, what }: { target: FollowTarget; what: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => setOpen(true)}
        title={t('follow.hint')}
        data-testid="follow-button"
      >
        {t('follow.label')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FollowDialog target={target} what={what} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
