import './texts.js';
import CompareArrows from '@mui/icons-material/CompareArrows';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { compareApiPaths, compareLimits, type TCompareResponse } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { apiQuery } from '../../api/query.js';
import { translateMessage } from '../../i18n/index.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import { usePageHead, usePageStatus } from '../../ssr/page-render.js';
import { useCatalogueLabels } from '../catalogue/labels.js';
import { CompareForm, sectorNamed } from './compare-form.js';
import { useCompareParams } from './compare-params.js';
import { compareRows, CompareTable } from './compare-table.js';

const noErrors: Record<string, string> = {};

/**
 * Compare partner states (`/public/compare?countries=KE,TZ&sector=…`; issue 34, item 6): 2 to 5
 * states side by side in a sector, with the rows where they differ marked. Fewer than two known states
 * (the restriction view's link brings one) is a choice under way: the form, pre-filled, and no call.
 */
export function CompareScreen() {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const params = useCompareParams();
  const location = useLocation();
  const partners = new Set(labels.partnerStates().map((state) => state.value));
  const incomplete =
    params.countries.length < compareLimits.minCountries &&
    params.countries.every((code) => partners.has(code)) &&
    (params.sector === '' || sectorNamed(labels, params.sector) !== undefined);
  const ask = params.asked && !incomplete;
  const query = useQuery({
    ...apiQuery<TCompareResponse>(compareApiPaths.compare, {
      countries: params.countries.join(','),
      sector: params.sector,
    }),
    enabled: ask,
  });
  const refused = ask && query.error instanceof ApiError && query.error.status === 422 ? query.error : null;
  const data = ask ? query.data : undefined;
  usePageStatus(refused ? 400 : undefined);
  const names = data?.countries.map((country) => country.name[labels.language]).join(', ');
  usePageHead(
    data
      ? t('compare.headTitle', { sector: data.sector.name[labels.language], countries: names })
      : t('compare.title'),
    t('compare.intro'),
  );
  const rows = data ? compareRows(data) : [];
  const differing = rows.filter((row) => row.differs).length;

  return (
    <Box data-testid="compare">
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('compare.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {t('compare.intro')}
      </Typography>
      <CompareForm
        key={location.search}
        labels={labels}
        countries={params.countries}
        sector={params.sector}
        lang={params.lang}
        asked={params.asked}
        errors={refused?.fieldErrors ?? noErrors}
      />
      {!params.asked && (
        <Box
          data-testid="compare-empty"
          sx={{ display: 'flex', gap: 2, alignItems: 'center', color: 'text.secondary', py: 2 }}
        >
          <CompareArrows aria-hidden="true" fontSize="large" />
          <Typography>{t('compare.empty')}</Typography>
        </Box>
      )}
      {incomplete && params.asked && (
        <Alert severity="info" data-testid="compare-incomplete">
          {t('compare.incomplete')}
        </Alert>
      )}
      {refused && (
        <Alert severity="error" data-testid="compare-error">
          <strong>{t('compare.invalid')}</strong>
          {Object.values(refused.fieldErrors).map((message) => (
            <div key={message}>{translateMessage(message)}</div>
          ))}
        </Alert>
      )}
      {ask && query.isError && !refused && (
        <Alert
          severity="error"
          action={<Button onClick={() => void query.refetch()}>{t('compare.retry')}</Button>}
        >
          {t('compare.loadError')}
        </Alert>
      )}
      {ask && query.isPending && (
        <Box aria-busy="true">
          <span style={visuallyHidden}>{t('compare.loading')}</span>
          <Skeleton variant="rounded" height={480} />
        </Box>
      )}
      {data && (
        <>
          <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="compare-summary">
            {differing > 0
              ? t('compare.summary', { count: differing, total: rows.length })
              : t('compare.same')}
          </Typography>
          <CompareTable data={data} labels={labels} />
        </>
      )}
    </Box>
  );
}
