import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TReviewLogEntry } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.js';
import { useStageName } from './complaint-status.js';

const decisionColours: Record<string, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'> = {
  forward: 'primary',
  resolve: 'success',
  reject: 'error',
  request_info: 'warning',
  information_provided: 'info',
  reopened: 'warning',
};

/** Entries the applicant wrote: their answer to a question, their "not fixed" that reopened the complaint. */
const byApplicant = new Set(['information_provided', 'reopened']);

/** The review log of a complaint (spec 3: ID, Reviewer, Stage, Time Stamp, Comments) as a timeline. */
export function ReviewTimeline({
  logs,
  testId = 'review-log',
}: {
  logs: TReviewLogEntry[];
  /** The list's test id; each entry's is this with `-entry`. */
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const stageName = useStageName();
  // Applicants do not see reviewers' names; their own answers carry no reviewer either.
  const reviewerName = (log: TReviewLogEntry) =>
    log.reviewer?.display_name ??
    t(byApplicant.has(log.decision) ? 'complaints.log.applicant' : 'complaints.log.anonymous');
  if (logs.length === 0)
    return (
      <Typography color="text.secondary" data-testid="review-log-empty">
        {t('complaints.detail.noLogs')}
      </Typography>
    );
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
      {logs.map((log, index) => (
        <Box
          component="li"
          key={log.id}
          data-testid={`${testId}-entry`}
          sx={{
            position: 'relative',
            pl: 3,
            pb: index === logs.length - 1 ? 0 : 2.5,
            // The line and the dot of a timeline, drawn with borders (no extra library).
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 6,
              bottom: index === logs.length - 1 ? 'auto' : 0,
              height: index === logs.length - 1 ? 0 : 'auto',
              borderLeft: 2,
              borderColor: 'divider',
            },
            '&::after': {
              content: '""',
              position: 'absolute',
              left: 0,
              top: 4,
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: 'primary.main',
            },
          }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Chip
              size="small"
              color={decisionColours[log.decision] ?? 'default'}
              label={t(`complaints.decision.${log.decision}`, { defaultValue: log.decision })}
            />
            <Typography variant="body2" component="span" color="text.secondary">
              <time dateTime={log.timestamp}>{formatDateTime(log.timestamp, i18n.language)}</time>
            </Typography>
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.25,
              m: 0,
              typography: 'body2',
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>{t('complaints.log.id')}</dt>
            <dd>{log.id}</dd>
            <dt>{t('complaints.log.reviewer')}</dt>
            <dd>{reviewerName(log)}</dd>
            <dt>{t('complaints.log.stage')}</dt>
            <dd>{stageName(log.stage)}</dd>
            <dt>{t('complaints.log.comments')}</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>{log.comments || t('complaints.log.noComments')}</dd>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
