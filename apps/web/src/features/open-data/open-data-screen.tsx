import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { openDataApiPaths, type TOpenDataDataset, type TOpenDataIndex } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { LoadError } from '../../components/list/load-error.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { formatDateTime, withColon } from '../../lib/format.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import { usePageHead, useRenderTimeZone } from '../../ssr/page-render.js';
import { DictionaryTable } from './dictionary-table.js';
import './texts.js';

type Lang = 'en' | 'fr';

/** A date-time in the interface language, in the zone the page was rendered in until it has hydrated. */
function useDateTime(lang: Lang): (value: string) => string {
  const timeZone = useRenderTimeZone();
  return (value) => formatDateTime(value, lang, timeZone);
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** The licence, the date of the extract, the catalogue and the formats: what holds for every file. */
function AboutFiles({ index, lang }: { index: TOpenDataIndex; lang: Lang }) {
  const { t } = useTranslation();
  const dateTime = useDateTime(lang);
  const example = `${openDataApiPaths.csv('restrictions')}?country=KE`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="open-data-about"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 4 }}
    >
      <Typography id="open-data-about" component="h2" variant="h3" sx={{ mb: 1.5 }}>
        {t('openData.about')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          columnGap: 3,
          rowGap: { xs: 0.5, md: 1.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'max-content minmax(0, 1fr)' },
          '& dd': { mb: { xs: 1.5, md: 0 } },
        }}
      >
        <Detail term={t('openData.licence')}>
          <Link href={index.licence.url} rel="license" data-testid="open-data-licence">
            {index.licence.name}
          </Link>
          . {t('openData.licenceText')}
        </Detail>
        <Detail term={t('openData.extracted')}>
          <time dateTime={index.extracted_at} data-testid="open-data-extracted">
            {dateTime(index.extracted_at)}
          </time>
          . {t('openData.extractedText')}
        </Detail>
        <Detail term={t('openData.catalogue')}>
          <Link href={index.catalog} data-testid="open-data-catalog">
            {t('openData.catalogueLink')}
          </Link>
        </Detail>
        <Detail term={t('openData.formats')}>
          {t('openData.formatsText')} {t('openData.byCountry')}{' '}
          <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            /api{example}
          </Box>
          .
        </Detail>
      </Box>
    </Paper>
  );
}

/** One dataset: what it holds, when it last changed, its files and its dictionary. */
function DatasetCard({ dataset, lang }: { dataset: TOpenDataDataset; lang: Lang }) {
  const { t } = useTranslation();
  const dateTime = useDateTime(lang);
  const title = dataset.title[lang];
  const which = <span style={visuallyHidden}>{` (${title})`}</span>;
  return (
    <Paper
      component="li"
      variant="outlined"
      id={dataset.id}
      sx={{ p: { xs: 2, sm: 2.5 }, scrollMarginTop: 96 }}
      data-testid={`dataset-${dataset.id}`}
    >
      <Typography component="h3" variant="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {dataset.description[lang]}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {withColon(t('openData.modified'), lang)}{' '}
        {dataset.modified ? (
          <time dateTime={dataset.modified}>{dateTime(dataset.modified)}</time>
        ) : (
          t('openData.never')
        )}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<Download />}
          href={dataset.downloads.csv}
          data-testid="download-csv"
        >
          {t('openData.downloadCsv')}
          {which}
        </Button>
        <Button
          variant="outlined"
          startIcon={<Download />}
          href={dataset.downloads.json}
          data-testid="download-json"
        >
          {t('openData.downloadJson')}
          {which}
        </Button>
        <Button variant="text" href={dataset.downloads.dictionary} data-testid="download-dictionary">
          {t('openData.dictionaryFile')}
          {which}
        </Button>
      </Box>
      {dataset.id === 'complaint-statistics' && (
        <Link
          component={RouterLink}
          to="/public/complaints/performance"
          data-testid="performance-link"
          sx={{ display: 'inline-block', mt: 1.5 }}
        >
          {t('nav.performance')}
        </Link>
      )}
      <DictionaryTable dataset={dataset} lang={lang} />
    </Paper>
  );
}

/** `/public/open-data` (issue 34, item 7): every dataset as CSV and JSON, its dictionary, the licence and the catalogue. */
export function OpenDataScreen() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'fr' ? 'fr' : 'en';
  usePageHead(t('openData.title'), t('openData.intro'));
  const query = useQuery(apiQuery<TOpenDataIndex>(openDataApiPaths.index));
  const index = query.data;
  return (
    <>
      <ScreenHeading title={t('openData.title')} intro={t('openData.intro')} />
      {query.isError && <LoadError text={t('openData.loadError')} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton variant="rounded" height={240} />}
      {index && (
        <>
          <AboutFiles index={index} lang={lang} />
          <Typography component="h2" variant="h2" sx={{ mb: 2 }}>
            {t('openData.datasets')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {index.datasets.map((dataset) => (
              <DatasetCard key={dataset.id} dataset={dataset} lang={lang} />
            ))}
          </Box>
        </>
      )}
    </>
  );
}
