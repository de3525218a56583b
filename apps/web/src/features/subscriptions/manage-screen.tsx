import './texts.js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  subscriptionApiPaths,
  subscriptionFrequencies,
  type SubscriptionFrequency,
  type SubscriptionView,
} from '@stp/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { api } from '../../api/api.js';
import { describeError } from '../../components/dialogs/describe-error.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { translateMessage } from '../../i18n/index.js';
import { useMailedLink } from './link-screens.js';

type State =
  | { status: 'loading' }
  | { status: 'ready'; items: SubscriptionView[] }
  | { status: 'signed-out' }
  | { status: 'failed'; text: string };

/**
 * `/public/subscriptions`: every alert of the signed-in user, or of the address a mailed link names
 * (`s`, `t`): change how often each is mailed, or stop it.
 */
export function ManageSubscriptionsScreen() {
  const { t } = useTranslation();
  const link = useMailedLink();
  const query = link.s || link.t ? { s: link.s, t: link.t } : undefined;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);

  // Bumped after a change or a stop: the list is read again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const pair = link.s || link.t ? { s: link.s, t: link.t } : undefined;
    api
      .request<SubscriptionView[]>(subscriptionApiPaths.list, { query: pair, signal: controller.signal })
      .then((items) => setState({ status: 'ready', items: items ?? [] }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) setState({ status: 'signed-out' });
        else setState({ status: 'failed', text: describeError(error)?.text ?? t('subscriptions.loadError') });
      });
    return () => controller.abort();
  }, [link.s, link.t, version, t]);

  const act = async (request: Promise<{ detail: string } | undefined>) => {
    try {
      const answer = await request;
      setNotice(translateMessage(answer?.detail ?? ''));
      setVersion((value) => value + 1);
    } catch (error) {
      setNotice(describeError(error)?.text ?? t('messages.genericError'));
    }
  };
  const change = (id: number, frequency: SubscriptionFrequency) =>
    act(api.request(subscriptionApiPaths.item(id), { method: 'PATCH', query, body: { frequency } }));
  const stop = (id: number) => act(api.request(subscriptionApiPaths.item(id), { method: 'DELETE', query }));

  return (
    <Stack spacing={2} sx={{ maxWidth: 800 }}>
      <ScreenHeading title={t('subscriptions.manageTitle')} intro={t('subscriptions.manageIntro')} />
      {notice ? (
        <Alert severity="info" role="status" onClose={() => setNotice(null)} data-testid="manage-notice">
          {notice}
        </Alert>
      ) : null}
      {state.status === 'signed-out' ? (
        <Alert severity="info">{t('subscriptions.manageSignIn')}</Alert>
      ) : null}
      {state.status === 'failed' ? <Alert severity="warning">{state.text}</Alert> : null}
      {state.status === 'ready' && state.items.length === 0 ? (
        <Typography data-testid="manage-empty">{t('subscriptions.manageEmpty')}</Typography>
      ) : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <List data-testid="subscription-list">
          {state.items.map((item) => (
            <ListItem key={item.id} divider sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <Stack sx={{ flex: '1 1 16rem', minWidth: 0 }} spacing={0.5}>
                <Link component={RouterLink} to={item.path} sx={{ overflowWrap: 'anywhere' }}>
                  {item.label}
                </Link>
                {item.confirmed ? null : (
                  <Chip size="small" label={t('subscriptions.pending')} sx={{ alignSelf: 'start' }} />
                )}
              </Stack>
              <TextField
                select
                size="small"
                label={t('subscriptions.frequency')}
                value={item.frequency}
                onChange={(event) => void change(item.id, event.target.value as SubscriptionFrequency)}
                slotProps={{
                  htmlInput: { 'aria-label': t('subscriptions.frequencyOf', { what: item.label }) },
                }}
                sx={{ minWidth: '12rem' }}
              >
                {subscriptionFrequencies.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`subscriptions.frequencies.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                color="error"
                onClick={() => void stop(item.id)}
                aria-label={t('subscriptions.stopLabel', { what: item.label })}
                data-testid="stop-subscription"
              >
                {t('subscriptions.stop')}
              </Button>
            </ListItem>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
