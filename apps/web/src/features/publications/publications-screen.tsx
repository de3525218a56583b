import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { contentApiPaths, publicationTypes, type TPublicationSummary } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { apiQuery } from '../../api/query.js';
import { translateMessage } from '../../i18n/index.js';
import { formatDate } from '../../lib/format.js';
import { usePageHead } from '../../ssr/page-render.js';
import { EnglishOnly, useShownText } from '../../components/shown-text.js';
import { useLang } from '../content-pages/bilingual.js';
import { LoadError } from '../content-pages/load-states.js';
import '../content-pages/texts.js';
import { PublicationFilters } from './publication-filters.js';
import { PublicationLink } from './publication-link.js';

/** A publication's type in the interface language. */
export function usePublicationTypeLabel(): (type: string) => string {
  const lang = useLang();
  return (type) => publicationTypes.find((choice) => choice.value === type)?.label[lang] ?? type;
}

function PublicationCard({ publication }: { publication: TPublicationSummary }) {
  const shown = useShownText();
  const typeLabel = usePublicationTypeLabel();
  const title = shown.pair(publication.title);
  const summary = shown.pair(publication.summary);
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="publication-item">
      <PublicationLink slug={publication.slug} title={title} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {[typeLabel(publication.type), formatDate(publication.published_on), publication.authors]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {summary.text && (
        <Typography
          variant="body2"
          lang={summary.fallback ? 'en' : undefined}
          sx={{
            mt: 1,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {summary.text}
        </Typography>
      )}
      {/* The title's marker covers both when neither is translated. */}
      {summary.fallback && !title.fallback && <EnglishOnly sx={{ ml: 0 }} />}
    </Paper>
  );
}

/** `/public/publications`: every publication, newest first, filtered by year and type in the address. */
export function PublicationsScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const [searchParams, setSearchParams] = useSearchParams();
  const year = searchParams.get('year')?.trim() ?? '';
  const type = searchParams.get('type')?.trim() ?? '';
  usePageHead(t('content.publications.title'), t('content.publications.intro'));
  const filters = { ...(year && { year }), ...(type && { type }) };
  const query = useQuery({
    ...apiQuery<TPublicationSummary[]>(contentApiPaths.publications, filters),
    placeholderData: keepPreviousData,
  });
  // The years offered are those of every publication (the unfiltered list, which About Us reads too).
  const all = useQuery(apiQuery<TPublicationSummary[]>(contentApiPaths.publications));
  const years = [...new Set((all.data ?? []).map((publication) => publication.published_on.slice(0, 4)))]
    .sort()
    .reverse()
    .map((value) => ({ value, label: value }));
  const types = publicationTypes.map((choice) => ({ value: choice.value, label: choice.label[lang] }));
  const change = (name: 'year' | 'type', value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  const invalid = query.error instanceof ApiError && query.error.status === 422 ? query.error : null;
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('content.publications.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('content.publications.intro')}
      </Typography>
      <PublicationFilters year={year} type={type} years={years} types={types} onChange={change} />
      {invalid && (
        <Alert severity="warning" data-testid="filter-error">
          {Object.values(invalid.fieldErrors).map((message) => (
            <div key={message}>{translateMessage(message)}</div>
          ))}
        </Alert>
      )}
      {query.isError && !invalid && (
        <LoadError text={t('content.common.loadError')} onRetry={() => void query.refetch()} />
      )}
      {query.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={96} />)}
      {query.data && !invalid && (
        <>
          <Typography role="status" variant="body2" sx={{ mb: 1.5 }} data-testid="publications-count">
            {t('content.publications.count', { count: query.data.length })}
          </Typography>
          {query.data.length === 0 ? (
            <Typography data-testid="publications-empty">{t('content.publications.empty')}</Typography>
          ) : (
            <Box
              component="ul"
              aria-label={t('content.publications.title')}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
              data-testid="publications-list"
            >
              {query.data.map((publication) => (
                <PublicationCard key={publication.slug} publication={publication} />
              ))}
            </Box>
          )}
        </>
      )}
    </>
  );
}
