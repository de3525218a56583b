import './restriction-texts.js';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CompareArrows from '@mui/icons-material/CompareArrows';
import Flag from '@mui/icons-material/Flag';
import Print from '@mui/icons-material/Print';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { restrictionApiPaths, type TRestrictionDetail } from '@stp/shared';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { useApiRead } from '../../api/use-api-read.js';
import { MessageScreen } from '../../components/message-screen.js';
import { EnglishOnly, useShownText } from '../../components/shown-text.js';
import { formatDate, formatDateTime } from '../../lib/format.js';
import { recordPartsStyles, Section } from './field-list.js';
import { useCatalogueLabels } from './labels.js';
import { LineSkeleton, Notice } from './light-parts.js';
import { resultPartsStyles, StatusChip } from './result-parts.js';
import { RestrictionHistory, restrictionHistoryStyles, RestrictionUpdates } from './restriction-history.js';
import { RestrictionSections } from './restriction-sections.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import { compareHref } from '../compare/compare-params.js';
import { excerpt, usePageHead } from '../../ssr/page-render.js';
import { FollowButton } from '../subscriptions/follow-button.js';

// Printing keeps the record only: no header, navigation, footer or buttons.
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header.MuiAppBar-root, footer, nav, .no-print': { display: 'none !important' },
        body: { background: '#fff !important', color: '#000' },
        main: { padding: '0 !important', maxWidth: 'none !important' },
      },
    }}
  />
);

/** The view's box: the look of every part inside it (the record's, the history's, the status chip's). */
const RestrictionView = styled('div')(({ theme }) => ({
  ...resultPartsStyles(theme),
  ...recordPartsStyles(theme),
  ...restrictionHistoryStyles(theme),
  maxWidth: 960,
  margin: '0 auto',
  // A heading reached through the contents stops below the sticky app bar, not under it: one row on a
  // phone, up to three (its menu wrapping) on wider screens.
  '& h2[id]': {
    scrollMarginTop: theme.spacing(10),
    [theme.breakpoints.up('sm')]: { scrollMarginTop: theme.spacing(20) },
  },
  '& .restriction-contents': {
    marginBottom: theme.spacing(3),
    '& h2': { ...theme.typography.subtitle2, margin: `0 0 ${theme.spacing(0.5)}` },
    '& ul': {
      listStyle: 'none',
      margin: 0,
      padding: 0,
      display: 'flex',
      flexWrap: 'wrap',
      gap: `${theme.spacing(0.5)} ${theme.spacing(2)}`,
    },
    // Tall enough to tap (WCAG 2.5.8 asks for 24 px).
    '& a': {
      display: 'inline-block',
      padding: `${theme.spacing(0.5)} 0`,
      color: theme.palette.primary.main,
      ...theme.typography.body2,
    },
  },
}));

const sectionIds = ['classification', 'measure', 'dates', 'commitments', 'updates', 'history'] as const;

/**
 * The view's table of contents: plain links to the sections' headings, so that a phone (where the view
 * is several screens tall) reaches a part in one tap, with or without JavaScript.
 */
function RestrictionContents() {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="restriction-contents" className="restriction-contents no-print">
      <h2 id="restriction-contents">{t('catalogue.restriction.contents')}</h2>
      <ul>
        {sectionIds.map((id) => (
          <li key={id}>
            <a href={`#${id}`}>{t(`catalogue.restriction.sections.${id}`)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Restriction view (`/public/restriction/{slug}`): every field, the commitment, updates and history. */
export function RestrictionScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const labels = useCatalogueLabels();
  const query = useApiRead<TRestrictionDetail>(restrictionApiPaths.detail(slug));
  // A deferred update: React renders the long view in slices (the skeleton stays meanwhile).
  const detail = useDeferredValue(query.data);
  const shown = useShownText();
  const title = detail && shown.field(detail.title, detail.title_fr);
  const measure = detail && shown.field(detail.text_of_measure, detail.text_of_measure_fr);
  usePageHead(
    title?.text,
    detail &&
      `${detail.country.name[labels.language]} · ${detail.sector.name[labels.language]}: ${excerpt(measure?.text || title?.text || '')}`,
  );

  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <MessageScreen
        status={404}
        testId="restriction-not-found"
        icon={<SearchOff />}
        title={t('catalogue.restriction.notFoundTitle')}
        text={t('catalogue.restriction.notFound')}
        actions={
          <Button variant="contained" component={RouterLink} to="/public/browse">
            {t('catalogue.restriction.backToBrowse')}
          </Button>
        }
      />
    );
  if (!detail)
    return query.isError ? (
      <Notice severity="error" action={<Button onClick={() => query.refetch()}>{t('list.retry')}</Button>}>
        {t('catalogue.restriction.loadError')}
      </Notice>
    ) : (
      <Box aria-busy data-testid="restriction-skeleton">
        <Typography variant="h1">
          <LineSkeleton width="70%" />
          <span style={visuallyHidden}>{t('catalogue.restriction.loading')}</span>
        </Typography>
        <LineSkeleton width="40%" />
        {/* A screen tall: the footer stays below the fold until the (long) view replaces it, no layout shift. */}
        <Box sx={{ mt: 3 }}>
          <LineSkeleton height="100vh" />
        </Box>
      </Box>
    );

  return (
    <RestrictionView data-testid="restriction">
      {printStyles}
      <Button
        component={RouterLink}
        to="/public/browse"
        startIcon={<ArrowBack />}
        size="small"
        className="no-print"
        sx={{ mb: 1, ml: -1 }}
      >
        {t('catalogue.restriction.back')}
      </Button>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6, mb: 0.5 }}>
        {detail.country.name[labels.language]} · {detail.sector.name[labels.language]}
      </Typography>
      <Typography
        variant="h1"
        sx={{ mb: 1.5, fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
        lang={title?.fallback ? 'en' : undefined}
        data-testid="restriction-title"
      >
        {title?.text}
      </Typography>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}
      >
        <StatusChip status={detail.status} labels={labels} />
        {title?.fallback && <EnglishOnly sx={{ ml: 0 }} />}
        <Typography variant="body2" color="text.secondary">
          {t('catalogue.restriction.lastUpdated', {
            date: formatDateTime(detail.updated_at, labels.language, labels.timeZone),
          })}
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} className="no-print" sx={{ mb: 3 }}>
        <Button
          variant="contained"
          startIcon={<Flag />}
          component={RouterLink}
          to={`/public/complaints?restriction=${encodeURIComponent(detail.slug)}`}
          data-testid="report-barrier"
        >
          {t('catalogue.restriction.report')}
        </Button>
        <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()} data-testid="print">
          {t('catalogue.restriction.print')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<CompareArrows />}
          component={RouterLink}
          to={compareHref([detail.country.code], detail.sector.slug)}
          data-testid="compare-link"
        >
          {t('compareLink.restriction')}
        </Button>
        <FollowButton
          target={{ kind: 'restriction', restriction: detail.slug }}
          what={t('follow.restriction')}
        />
      </Stack>
      <RestrictionContents />
      {detail.archived && (
        <Notice
          severity="warning"
          sx={{ mb: 3 }}
          data-testid="archived-notice"
          title={t('catalogue.restriction.archivedTitle')}
        >
          {t('catalogue.restriction.archived', {
            when: detail.archived_at
              ? t('catalogue.restriction.archivedOn', {
                  date: formatDate(detail.archived_at, labels.language),
                })
              : '',
          })}
        </Notice>
      )}
      <Stack spacing={3}>
        <RestrictionSections detail={detail} labels={labels} />
        <Section id="updates" title={t('catalogue.restriction.sections.updates')} testId="section-updates">
          <RestrictionUpdates updates={detail.updates} labels={labels} />
        </Section>
        <Section id="history" title={t('catalogue.restriction.sections.history')} testId="section-history">
          <RestrictionHistory history={detail.history} labels={labels} />
        </Section>
      </Stack>
    </RestrictionView>
  );
}
