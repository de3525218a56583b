import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TComplaintDetail } from '@stp/shared';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { withColon } from '../../lib/format.js';
import { StatusChip, useStageName } from './complaint-status.js';

/** The reference never breaks at its hyphens; under 360 px it is a little smaller to fit. */
const referenceStyle = { whiteSpace: 'nowrap', '@media (max-width: 359.95px)': { fontSize: '0.85em' } };

/**
 * A complaint's heading (its reference) and its status and stage, for the applicant's, the staff's and the
 * public view; `children` go on the status line (the deadline, the archived mark).
 */
export function ComplaintHeading({
  complaint,
  children,
}: {
  complaint: Pick<TComplaintDetail, 'reference' | 'status' | 'stage'>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const stageName = useStageName();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        <Trans
          i18nKey="complaints.detail.title"
          values={{ reference: complaint.reference }}
          components={{ nowrap: <Box component="span" sx={referenceStyle} /> }}
        />
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography component="span" variant="body2" color="text.secondary">
          {withColon(t('complaints.detail.status'))}
        </Typography>
        <StatusChip status={complaint.status} />
        {complaint.stage && (
          <>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {withColon(t('complaints.detail.stage'))}
            </Typography>
            <Chip size="small" label={stageName(complaint.stage)} data-testid="stage-chip" />
          </>
        )}
        {children}
      </Box>
    </>
  );
}
