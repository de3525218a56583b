import './texts.js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { subscriptionApiPaths, subscriptionPagePaths } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { api } from '../../api/api.js';
import { describeError } from '../../components/dialogs/describe-error.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { translateMessage } from '../../i18n/index.js';

/** A mailed link's pair (`s`, `t`) as the address holds it. */
export function useMailedLink() {
  const [search] = useSearchParams();
  return { s: search.get('s') ?? '', t: search.get('t') ?? '' };
}

/** One button that acts on a mailed link, then says what happened. */
function LinkAction(props: {
  title: string;
  intro: string;
  button: string;
  testId: string;
  act: (link: { s: string; t: string }) => Promise<{ detail: string } | undefined>;
}) {
  const { t } = useTranslation();
  const link = useMailedLink();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await props.act(link);
      setOutcome({ ok: true, text: translateMessage(answer?.detail ?? '') });
    } catch (error) {
      setOutcome({ ok: false, text: describeError(error)?.text ?? t('messages.genericError') });
    } finally {
      setBusy(false);
    }
  };
  const manage = `${subscriptionPagePaths.manage}?s=${encodeURIComponent(link.s)}&t=${encodeURIComponent(link.t)}`;
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <ScreenHeading title={props.title} intro={props.intro} />
      {outcome ? (
        <Alert
          severity={outcome.ok ? 'success' : 'warning'}
          role="status"
          data-testid={`${props.testId}-outcome`}
        >
          {outcome.text}
        </Alert>
      ) : (
        <div>
          <Button variant="contained" onClick={() => void run()} disabled={busy} data-testid={props.testId}>
            {props.button}
          </Button>
        </div>
      )}
      {outcome?.ok && props.testId === 'confirm-subscription' ? (
        <Typography>
          <Link component={RouterLink} to={manage}>
            {t('subscriptions.manageLink')}
          </Link>
        </Typography>
      ) : null}
    </Stack>
  );
}

/** `/public/subscriptions/confirm?s=…&t=…`: the double opt-in link of a visitor's alert. */
export function ConfirmSubscriptionScreen() {
  const { t } = useTranslation();
  return (
    <LinkAction
      title={t('subscriptions.confirmTitle')}
      intro={t('subscriptions.confirmIntro')}
      button={t('subscriptions.confirmButton')}
      testId="confirm-subscription"
      act={(link) =>
        api.request<{ detail: string }>(subscriptionApiPaths.confirm, {
          method: 'POST',
          body: { s: link.s, t: link.t },
        })
      }
    />
  );
}

/**
 * `/public/subscriptions/unsubscribe?s=…&t=…`: the page of an alert's unsubscribe link, with the button
 * that posts to the mail's List-Unsubscribe address (which a mail client posts to in one click).
 */
export function UnsubscribeScreen() {
  const { t } = useTranslation();
  return (
    <LinkAction
      title={t('subscriptions.unsubscribeTitle')}
      intro={t('subscriptions.unsubscribeIntro')}
      button={t('subscriptions.unsubscribeButton')}
      testId="unsubscribe"
      act={(link) =>
        api.request<{ detail: string }>(subscriptionApiPaths.unsubscribe, {
          method: 'POST',
          query: { s: link.s, t: link.t },
        })
      }
    />
  );
}
