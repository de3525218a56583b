import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { contentApiPaths, type TPublicationSummary } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { formatDate } from '../../lib/format.js';
import { useShownText } from '../../components/shown-text.js';
import { LoadError } from '../content-pages/load-states.js';
import '../content-pages/texts.js';
import { PublicationLink } from './publication-link.js';

/** The public publications as a short list of links (About Us shows it). */
export function PublicationList() {
  const { t } = useTranslation();
  const shown = useShownText();
  const query = useQuery(apiQuery<TPublicationSummary[]>(contentApiPaths.publications));
  return (
    <Box component="section" aria-labelledby="publications-heading" data-testid="publication-list">
      <Typography id="publications-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t('content.about.publications')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {t('content.about.publicationsIntro')}
      </Typography>
      {query.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={72} />)}
      {query.isError && (
        <LoadError text={t('content.common.loadError')} onRetry={() => void query.refetch()} />
      )}
      {query.data?.length === 0 && <Typography>{t('content.about.noPublications')}</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {query.data?.map((publication) => (
          <Paper component="li" variant="outlined" key={publication.slug} sx={{ p: 2 }}>
            <PublicationLink slug={publication.slug} title={shown.pair(publication.title)} />
            <Typography variant="body2" color="text.secondary">
              {formatDate(publication.published_on)}
              {publication.authors && ` · ${publication.authors}`}
            </Typography>
          </Paper>
        ))}
      </Box>
      {!!query.data?.length && (
        <Link component={RouterLink} to="/public/publications" sx={{ display: 'inline-block', mt: 2 }}>
          {t('content.about.all')}
        </Link>
      )}
    </Box>
  );
}
