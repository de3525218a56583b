import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TDashboard } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/format.js';
import { actionLabel, actorLabel, modelLabel, objectLabel } from '../audit-log/audit-format.js';
import { FigureCard } from './figure-card.js';
import './texts.js';

const auditPath = '/auth/admin/audit-log';

/** The latest audit rows: the user's own, or everyone's for superusers (who may open the log). */
export function RecentChanges({ recent }: { recent: NonNullable<TDashboard['recent_changes']> }) {
  const { t, i18n } = useTranslation();
  const all = recent.scope === 'all';
  return (
    <FigureCard
      title={t(all ? 'staffDashboard.recent.titleAll' : 'staffDashboard.recent.titleOwn')}
      testId="dashboard-recent"
      action={all ? { to: auditPath, label: t('staffDashboard.recent.seeAll') } : undefined}
    >
      {recent.results.length === 0 ? (
        <Typography color="text.secondary">
          {t(all ? 'staffDashboard.recent.emptyAll' : 'staffDashboard.recent.emptyOwn')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {recent.results.map((row) => {
            const text = t('staffDashboard.recent.item', {
              action: actionLabel(t, row.action),
              model: modelLabel(t, row.model),
              object: objectLabel(row),
            });
            const when = formatDateTime(row.created_at, i18n.language);
            return (
              <ListItem key={row.id} disableGutters data-testid="dashboard-change">
                <ListItemText
                  primary={
                    all ? (
                      <Link
                        component={RouterLink}
                        to={`${auditPath}?model=${encodeURIComponent(row.model)}&object_id=${encodeURIComponent(row.object_id)}`}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )
                  }
                  secondary={
                    all ? `${when} — ${t('staffDashboard.recent.by', { who: actorLabel(t, row) })}` : when
                  }
                  sx={{ overflowWrap: 'anywhere' }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </FigureCard>
  );
}
