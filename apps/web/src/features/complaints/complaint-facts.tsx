import Download from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { restrictionTypes, type TComplaintAttachment, type TComplaintDetail } from '@stp/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiUrl } from '../../api/client.js';
import { formatDate, formatDateTime } from '../../lib/format.js';
import { formatFileSize } from './attachment-file.js';
import { choiceLabel, useCountryName, useLabelLanguage } from './complaint-fields.js';
import { latestDecision } from './complaint-summary.js';
import { usePublicRecordFacts } from './public-record.js';

/** A titled block of a complaint's page. */
export function DetailSection(props: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" sx={{ mt: 3 }} data-testid={props.testId}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** Label and value pairs as a description list: two columns from 600 px, one below. */
export function FactList({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2', mt: { xs: 1, sm: 0 } },
        '& dt:first-of-type': { mt: 0 },
        '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** The fields of a complaint (spec 3) every viewer of its page sees. */
export function ComplaintFacts({ complaint }: { complaint: TComplaintDetail }) {
  const { t, i18n } = useTranslation();
  const language = useLabelLanguage();
  const countryName = useCountryName();
  const publicRecordFacts = usePublicRecordFacts();
  const items: [string, ReactNode][] = [
    [
      t('complaints.detail.reference'),
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="fact-reference">
        {complaint.reference}
      </Box>,
    ],
    [t('complaints.detail.submitted'), formatDateTime(complaint.submitted_at, i18n.language)],
    [
      t('complaints.detail.restrictionType'),
      choiceLabel(restrictionTypes, complaint.restriction_type, language),
    ],
    [t('complaints.detail.country'), countryName(complaint.country_code)],
    [t('complaints.detail.dateOfOccurrence'), formatDate(complaint.date_of_occurrence, i18n.language)],
  ];
  // A rejected complaint was closed, not resolved: its row says when it was rejected.
  const rejectedAt =
    complaint.status === 'rejected' ? latestDecision(complaint, 'reject')?.timestamp : undefined;
  if (complaint.status === 'rejected') {
    if (rejectedAt)
      items.push([t('complaints.detail.dateRejected'), formatDateTime(rejectedAt, i18n.language)]);
  } else
    items.push([
      t('complaints.detail.dateResolved'),
      complaint.date_resolved
        ? formatDateTime(complaint.date_resolved, i18n.language)
        : t('complaints.detail.notResolved'),
    ]);
  if (complaint.sector)
    items.push([
      t('complaints.detail.sector'),
      language === 'fr' ? complaint.sector.name_fr : complaint.sector.name_en,
    ]);
  if (complaint.restriction)
    items.push([
      t('complaints.detail.restriction'),
      <Link
        component={RouterLink}
        to={`/public/restriction/${encodeURIComponent(complaint.restriction.slug)}`}
      >
        {complaint.restriction.title}
      </Link>,
    ]);
  items.push(
    [t('complaints.detail.briefDescription'), complaint.brief_description],
    [t('complaints.detail.detailsOfOccurrence'), complaint.details_of_occurrence],
    // What the closing reviewer published on the public list, for the applicant and staff to see.
    ...publicRecordFacts(complaint),
  );
  return <FactList items={items} />;
}

/** Where a supporting document downloads from: the API gives a path under `/api/`. */
export function attachmentHref(attachment: TComplaintAttachment): string {
  return attachment.url.startsWith('/api/') ? attachment.url : apiUrl(attachment.url);
}

/** Supporting documentation as download links (the session cookie authorises them). */
export function AttachmentLinks({ attachments }: { attachments: TComplaintAttachment[] }) {
  const { t, i18n } = useTranslation();
  if (attachments.length === 0)
    return <Typography color="text.secondary">{t('complaints.detail.noAttachments')}</Typography>;
  return (
    <List dense disablePadding data-testid="attachment-links">
      {attachments.map((attachment) => (
        <ListItem key={attachment.id} disableGutters>
          <ListItemIcon sx={{ minWidth: 36 }}>
            <Download aria-hidden />
          </ListItemIcon>
          <ListItemText
            primary={
              <Link
                href={attachmentHref(attachment)}
                download={attachment.name}
                aria-label={t('complaints.detail.download', { name: attachment.name })}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {attachment.name}
              </Link>
            }
            secondary={`${formatFileSize(attachment.size, i18n.language)} · ${formatDate(attachment.uploaded_at, i18n.language)}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
