import Box from '@mui/material/Box';
import type { TComplaintPublicRecord, TPublicStageDates } from '@stp/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShownText, useShownText } from '../../components/shown-text.js';
import { formatDate } from '../../lib/format.js';

/*
 * The public record of complaint handling (docs/complaints-public-record.md): what the reviewer who
 * resolved or rejected a complaint wrote for the public. The applicant's own words never show here.
 */

/** A complaint's reviewed public summary in the reader's language, or a quiet "not yet" when it has none. */
export function PublicSummary(props: { record: TComplaintPublicRecord; empty: string; testId?: string }) {
  const { field } = useShownText();
  if (!props.record.public_summary)
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }} data-testid="no-summary">
        {props.empty}
      </Box>
    );
  return (
    <Box component="span" data-testid={props.testId ?? 'public-summary'}>
      <ShownText text={field(props.record.public_summary, props.record.public_summary_fr)} />
    </Box>
  );
}

/** The resolution note in the reader's language (only called when there is one). */
export function ResolutionNote({ record }: { record: TComplaintPublicRecord }) {
  const { field } = useShownText();
  return (
    <Box component="span" data-testid="resolution-note">
      <ShownText text={field(record.resolution_note ?? '', record.resolution_note_fr)} />
    </Box>
  );
}

/** The label of the record's two texts, for a FactList (the staff and applicant view show them too). */
export function usePublicRecordFacts(): (record: TComplaintPublicRecord) => [string, ReactNode][] {
  const { t } = useTranslation();
  return (record) =>
    record.public_summary
      ? [
          [t('complaints.detail.publicSummary'), <PublicSummary record={record} empty="" />],
          [t('complaints.detail.resolutionNote'), <ResolutionNote record={record} />],
        ]
      : [];
}

/** Each stage the complaint went through, with when it entered and left it and how it left. */
export function StageDates({ stages }: { stages: TPublicStageDates[] }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5, whiteSpace: 'normal' }} data-testid="stage-dates">
      {stages.map((stage) => (
        <Box component="li" key={`${stage.stage}-${stage.started_at}`} sx={{ mb: 0.5 }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {t(`complaints.stage.${stage.stage}`)}
          </Box>
          {' — '}
          {stage.ended_at
            ? t('complaints.public.stageClosed', { from: date(stage.started_at), to: date(stage.ended_at) })
            : t('complaints.public.stageOpen', { from: date(stage.started_at) })}
          {stage.outcome && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {t(`complaints.decision.${stage.outcome}`)}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
