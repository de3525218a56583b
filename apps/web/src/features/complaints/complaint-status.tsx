import Chip from '@mui/material/Chip';
import { complaintStatus, type ComplaintStatus } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { wrappingChip } from '../../components/list/cell-styles.js';
import { choiceLabel, useLabelLanguage } from './complaint-fields.js';

const statusColours: Record<ComplaintStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  submitted: 'default',
  in_review: 'info',
  information_requested: 'warning',
  resolved: 'success',
  rejected: 'error',
  merged: 'default',
};

/** A complaint's status as a coloured chip (the colour only repeats the text). */
export function StatusChip({ status }: { status: ComplaintStatus }) {
  const language = useLabelLanguage();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColours[status] ?? 'default'}
      label={choiceLabel(complaintStatus, status, language)}
      sx={wrappingChip}
      data-testid="status-chip"
    />
  );
}

/** The name of a review stage, or "No stage". */
export function useStageName(): (stage: string | null | undefined) => string {
  const { t } = useTranslation();
  return (stage) => t(`complaints.stage.${stage ?? 'none'}`, { defaultValue: stage ?? '' });
}

/** An "Overdue" chip for a complaint past its stage deadline. */
export function OverdueChip() {
  const { t } = useTranslation();
  return (
    <Chip size="small" color="error" label={t('complaints.detail.overdue')} data-testid="overdue-chip" />
  );
}
