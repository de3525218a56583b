import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedLink } from '../../components/feed-link.js';
import { FollowButton } from '../subscriptions/follow-button.js';
import { FilterSelect } from '../../components/filters/filter-select.js';
import { exportUrl, feedUrl, followFilter, type BrowseParams } from './browse-params.js';

const sortChoices = [
  'title',
  '-title',
  'country',
  '-country',
  '-year_introduced',
  'year_introduced',
  '-updated',
];

/**
 * Above the results: their count (the results' heading), the sort order, the downloads and the feed. Memoised:
 * the results re-render as their query's state changes, the toolbar only when its count or the address does.
 */
export const ResultsToolbar = memo(function ResultsToolbar({
  params,
  count,
}: {
  params: BrowseParams;
  count: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const searching = params.filters.q !== '';
  const choices = searching ? ['', ...sortChoices] : sortChoices;
  const sort = params.sort || (searching ? '' : 'title');
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1.5 }}
    >
      <Typography
        variant="h2"
        sx={{ fontSize: '1.25rem' }}
        id="results-heading"
        aria-live="polite"
        aria-atomic
        data-testid="result-count"
      >
        {count === undefined ? '\u00a0' : t('list.results', { count })}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <FilterSelect
            id="sort"
            label={t('catalogue.browse.sortLabel')}
            value={choices.includes(sort) ? sort : ''}
            options={choices.map((choice) => ({
              value: choice,
              label: t(`catalogue.browse.sort.${choice || 'relevance'}`),
            }))}
            margin="none"
            testId="sort"
            onChange={(next) => params.update({ sort: next })}
          />
        </Box>
        <Button
          variant="outlined"
          startIcon={<Download />}
          href={exportUrl(params.apiQuery, 'csv', language)}
          download
          data-testid="download-csv"
          title={t('catalogue.browse.downloadHint')}
        >
          {t('catalogue.browse.downloadCsv')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<Download />}
          href={exportUrl(params.apiQuery, 'xlsx', language)}
          download
          data-testid="download-xlsx"
          title={t('catalogue.browse.downloadHint')}
        >
          {t('catalogue.browse.downloadExcel')}
        </Button>
        <FeedLink
          href={feedUrl(params.apiQuery, language)}
          label={t('catalogue.browse.feed')}
          hint={t('catalogue.browse.feedHint')}
        />
        <FollowButton
          target={{ kind: 'browse', filter: followFilter(params.apiQuery) }}
          what={t('follow.browse')}
        />
      </Stack>
    </Stack>
  );
});
