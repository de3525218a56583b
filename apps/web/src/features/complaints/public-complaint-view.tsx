import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { complaintApiPaths, restrictionTypes, type TPublicComplaint } from '@stp/shared';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { apiQuery } from '../../api/query.js';
import { formatDate } from '../../lib/format.js';
import { usePageHead } from '../../ssr/page-render.js';
import { FactList } from './complaint-facts.js';
import { choiceLabel, useCountryName, useLabelLanguage } from './complaint-fields.js';
import { ComplaintHeading } from './complaint-heading.js';
import { ComplaintNotFound, DetailSkeleton } from './complaint-detail-screen.js';
import { PublicSummary, ResolutionNote, StageDates } from './public-record.js';

/** The public list's address. */
export const complaintsListPath = '/public/complaints/list';

/** A complaint's public view: `/public/complaints/{reference}`, what its row of the public list opens. */
export const publicComplaintPath = (reference: string) =>
  `/public/complaints/${encodeURIComponent(reference)}`;

/**
 * `/public/complaints/{reference}`: one complaint of the public list for anyone: the summary and resolution
 * note its reviewer wrote on closing it, the facts and the dates of each stage, and nothing personal (no
 * applicant, brief description, details, documents or review comments: those are its applicant's and
 * reviewers' page, at its private address).
 */
export function PublicComplaintView({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation();
  const language = useLabelLanguage();
  const countryName = useCountryName();
  const query = useQuery({
    ...apiQuery<TPublicComplaint>(complaintApiPaths.publicDetail(reference)),
  });
  const complaint = query.data;
  usePageHead(complaint ? t('complaints.public.pageTitle', { reference: complaint.reference }) : undefined);
  if (query.isPending) return <DetailSkeleton />;
  if (!complaint) {
    if (!(query.error instanceof ApiError && [404, 422].includes(query.error.status))) throw query.error;
    // Not listed, or no such reference: a 404 page.
    return <ComplaintNotFound status={404} />;
  }
  const date = (value: string) => formatDate(value, i18n.language);
  // Only what the reviewer wrote for the public, and facts: never the applicant or their words.
  const facts: [string, ReactNode][] = [
    [t('complaints.detail.reference'), complaint.reference],
    [
      t('complaints.detail.publicSummary'),
      <PublicSummary record={complaint} empty={t('complaints.public.noSummary')} />,
    ],
  ];
  if (complaint.public_summary)
    facts.push([t('complaints.detail.resolutionNote'), <ResolutionNote record={complaint} />]);
  facts.push(
    [
      t('complaints.detail.restrictionType'),
      choiceLabel(restrictionTypes, complaint.restriction_type, language),
    ],
    [t('complaints.detail.country'), countryName(complaint.country_code)],
  );
  if (complaint.sector)
    facts.push([
      t('complaints.detail.sector'),
      language === 'fr' ? complaint.sector.name_fr : complaint.sector.name_en,
    ]);
  facts.push(
    [t('complaints.detail.dateOfOccurrence'), date(complaint.date_of_occurrence)],
    [t('complaints.detail.submitted'), date(complaint.submitted_at)],
  );
  if (complaint.closed_at)
    facts.push([
      t(
        complaint.status === 'rejected' ? 'complaints.detail.dateRejected' : 'complaints.detail.dateResolved',
      ),
      date(complaint.closed_at),
    ]);
  facts.push([t('complaints.detail.stageDates'), <StageDates stages={complaint.stages} />]);
  return (
    <Box component="article" data-testid="public-complaint">
      <Link component={RouterLink} to={complaintsListPath} variant="body2">
        {t('complaints.detail.backToList')}
      </Link>
      <Box sx={{ mt: 1 }}>
        <ComplaintHeading complaint={complaint} />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <FactList items={facts} />
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, maxWidth: 720 }}>
        {t('complaints.public.privacy')}
      </Typography>
      <Button variant="outlined" component={RouterLink} to="/public/complaints" sx={{ mt: 2 }}>
        {t('complaints.list.register')}
      </Button>
    </Box>
  );
}
