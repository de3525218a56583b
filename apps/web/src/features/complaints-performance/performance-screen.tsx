import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { complaintPerformanceApiPaths, reviewStages, type TPerformance } from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiUrl } from '../../api/client.js';
import { apiQuery } from '../../api/query.js';
import { LoadError } from '../../components/list/load-error.js';
import { ScreenHeading } from '../../components/screen-heading.js';
import { usePageHead } from '../../ssr/page-render.js';
import { isEmptyPeriod } from './performance-data.js';
import { PerformanceStage, PerformanceSummary } from './performance-stage.js';
import './texts.js';

const dayMs = 86_400_000;

/** The period the address asks for: a valid year (else this one) and quarter (else none: the whole year). */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getUTCFullYear();
  const year = Number(params.get('year'));
  const quarter = Number(params.get('quarter'));
  return {
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : thisYear,
    quarter: Number.isInteger(quarter) && quarter >= 1 && quarter <= 4 ? quarter : null,
    choose: (next: { year: number; quarter: number | null }) =>
      setParams(
        next.quarter ? { year: `${next.year}`, quarter: `${next.quarter}` } : { year: `${next.year}` },
      ),
  };
}

/** The period in words: "Q1 2026: 1 January 2026 to 31 March 2026" (the end is today in the current one). */
function usePeriodText(figures: TPerformance | undefined) {
  const { t, i18n } = useTranslation();
  if (!figures) return '';
  const dates = new Intl.DateTimeFormat(i18n.language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  const end = new Date(figures.as_of).getTime();
  const last = end === new Date(figures.to).getTime() ? end - dayMs : end;
  const period = figures.quarter
    ? t('performance.periodQuarter', { quarter: figures.quarter, year: figures.year })
    : t('performance.periodYear', { year: figures.year });
  const from = new Date(figures.from);
  return t('performance.periodLabel', {
    period,
    // Each date alone: a range's separator differs between the server's and the browser's ICU.
    from: dates.format(from),
    to: dates.format(new Date(Math.max(last, from.getTime()))),
  });
}

/** The year and quarter choice: a GET form (it works before the page's code has arrived), the address after. */
function PeriodForm({ years, period }: { years: number[]; period: ReturnType<typeof usePeriod> }) {
  const { t } = useTranslation();
  const [year, setYear] = useState(String(period.year));
  const [quarter, setQuarter] = useState(period.quarter ? String(period.quarter) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    period.choose({ year: Number(year), quarter: quarter ? Number(quarter) : null });
  };
  const choices = years.includes(period.year) ? years : [period.year, ...years];
  return (
    <Box
      component="form"
      method="get"
      onSubmit={submit}
      aria-label={t('performance.period')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}
    >
      <TextField
        select
        name="year"
        label={t('performance.year')}
        value={year}
        onChange={(event) => setYear(event.target.value)}
        size="small"
        sx={{ minWidth: 120 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </TextField>
      <TextField
        select
        name="quarter"
        label={t('performance.quarter')}
        value={quarter}
        onChange={(event) => setQuarter(event.target.value)}
        size="small"
        sx={{ minWidth: 200 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('performance.wholeYear')}</option>
        {[1, 2, 3, 4].map((n) => (
          <option key={n} value={n}>
            {t('performance.quarterN', { n })}
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="outlined" data-testid="performance-show">
        {t('performance.show')}
      </Button>
    </Box>
  );
}

/** `/public/complaints/performance` (issue 34, item 2): complaint handling per partner state and stage. */
export function PerformanceScreen() {
  const { t, i18n } = useTranslation();
  const period = usePeriod();
  const query = useQuery({
    ...apiQuery<TPerformance>(complaintPerformanceApiPaths.figures, {
      year: period.year,
      ...(period.quarter ? { quarter: period.quarter } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  usePageHead(t('performance.title'), t('performance.intro'));
  const figures = query.data;
  const periodText = usePeriodText(figures);
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const csv = apiUrl(complaintPerformanceApiPaths.csv, {
    year: period.year,
    ...(period.quarter ? { quarter: period.quarter } : {}),
    lang: language,
  });
  return (
    <>
      <ScreenHeading title={t('performance.title')} intro={t('performance.intro')} />
      <Link component={RouterLink} to="/public/complaints/list" sx={{ display: 'inline-block', mb: 3 }}>
        {t('performance.recordLink')}
      </Link>
      <PeriodForm
        key={`${period.year}-${period.quarter ?? ''}`}
        years={figures?.years ?? [period.year]}
        period={period}
      />
      {query.isError && <LoadError text={t('performance.failed')} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <Box aria-busy="true" aria-label={t('performance.loading')} data-testid="performance-loading">
          <Skeleton variant="text" sx={{ fontSize: '1.5rem', maxWidth: 360 }} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      )}
      {figures && (
        <Box data-testid="performance-figures">
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 2,
              alignItems: 'center',
              justifyContent: 'space-between',
              mb: 2,
            }}
          >
            <Typography component="p" variant="h6" data-testid="performance-period">
              {periodText}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<Download />}
              href={csv}
              download
              data-testid="performance-csv"
            >
              {t('performance.download')}
            </Button>
          </Box>
          {isEmptyPeriod(figures) ? (
            <Typography data-testid="performance-empty" sx={{ py: 3 }}>
              {t('performance.empty')}
            </Typography>
          ) : (
            <>
              <PerformanceSummary figures={figures} />
              {reviewStages.map((stage) => (
                <PerformanceStage key={stage} figures={figures} stage={stage} />
              ))}
            </>
          )}
          <Definitions />
        </Box>
      )}
    </>
  );
}

/** What each figure means, in short (docs/complaints-performance.md has the whole of it). */
function Definitions() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="performance-definitions" sx={{ mt: 4 }}>
      <Typography id="performance-definitions" component="h2" variant="h3" sx={{ mb: 1 }}>
        {t('performance.definitions')}
      </Typography>
      <Box component="ul" sx={{ pl: 3, m: 0 }}>
        {['received', 'ended', 'open', 'days', 'share', 'confirmed'].map((key) => (
          <Typography component="li" key={key} sx={{ mb: 0.5 }}>
            {t(`performance.explain.${key}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
