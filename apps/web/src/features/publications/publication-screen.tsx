import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contentApiPaths, type TPublicationDetail } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { formatDate } from '../../lib/format.js';
import { ShownText, useShownText } from '../../components/shown-text.js';
import { useDocumentTitle } from '../content-pages/document-title.js';
import { excerpt } from '../../ssr/page-render.js';
import { ContentNotFound, isNotFound, LoadError } from '../content-pages/load-states.js';
import '../content-pages/texts.js';
import { formatFileSize } from './format-size.js';

/** One metadata line: a term and its value. */
function Meta({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: { sm: 2 } }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function PublicationView({ publication }: { publication: TPublicationDetail }) {
  const { t, i18n } = useTranslation();
  const shown = useShownText();
  const shownTitle = shown.pair(publication.title);
  const summary = shown.pair(publication.summary);
  const title = shownTitle.text;
  useDocumentTitle(title, excerpt(summary.text) || undefined);
  return (
    <Box component="article" data-testid="publication">
      <Link component={RouterLink} to="/public/publications" variant="body2" data-testid="all-publications">
        {t('content.publication.back')}
      </Link>
      <Typography variant="h1" sx={{ mt: 1, mb: 2 }}>
        <ShownText text={shownTitle} />
      </Typography>
      {summary.text && (
        <Typography sx={{ mb: 2, maxWidth: 820 }} data-testid="publication-summary">
          <ShownText text={summary} marker={!shownTitle.fallback} />
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0, mb: 2 }} data-testid="publication-meta">
        <Meta term={t('content.publication.authors')}>{publication.authors}</Meta>
        <Meta term={t('content.publication.publishedOn')}>{formatDate(publication.published_on)}</Meta>
        <Meta term={t('content.publication.file')}>
          {publication.file_name} ({formatFileSize(publication.file_size, t, i18n.language)})
        </Meta>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<Download />}
          href={publication.download_url}
          download={publication.file_name}
          data-testid="publication-download"
        >
          {t('content.publication.download')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<OpenInNew />}
          href={publication.file_url}
          target="_blank"
          rel="noopener"
        >
          {t('content.publication.open')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('content.publication.viewerHint')}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          component="iframe"
          src={publication.file_url}
          title={t('content.publication.viewer', { title })}
          data-testid="publication-viewer"
          sx={{ display: 'block', width: '100%', height: { xs: '70vh', md: '85vh' }, border: 0 }}
        />
      </Paper>
    </Box>
  );
}

/** Spec 2 `/public/publication/{slug}`: metadata, the PDF in the page and a download. */
export function PublicationScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const query = useQuery(apiQuery<TPublicationDetail>(contentApiPaths.publication(slug)));
  if (query.data) return <PublicationView publication={query.data} />;
  if (query.isPending)
    return (
      <Box data-testid="publication-skeleton" aria-busy="true">
        <Skeleton width="60%" height={48} />
        <Skeleton width="80%" />
        <Skeleton width="40%" />
        <Skeleton variant="rectangular" height={400} sx={{ mt: 2 }} />
      </Box>
    );
  if (isNotFound(query.error)) return <ContentNotFound text={t('content.publication.notFound')} />;
  return <LoadError text={t('content.common.loadError')} onRetry={() => void query.refetch()} />;
}
