import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  complaintDuplicateApiPaths,
  restrictionTypes,
  similarQueryMax,
  type TComplaintFormInput,
  type TSimilarComplaints,
} from '@stp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import { formatDate } from '../../lib/format.js';
import { choiceLabel, useCountryName, useLabelLanguage } from './complaint-fields.js';
import { StatusChip } from './complaint-status.js';
import { duplicatesTexts } from './duplicates-texts.js';
import { publicComplaintPath } from './public-complaint-view.js';
import { SupportDialog } from './support-dialog.js';

void duplicatesTexts;

/** The form asks once typing pauses this long, and only from this many words (docs/complaint-duplicates.md). */
export const hintsDelayMs = 400;
export const hintsMinWords = 3;

/** The text to search once it has enough words, `undefined` before. */
export function hintsQueryText(brief: string): string | undefined {
  const text = brief.trim().replace(/\s+/g, ' ').slice(0, similarQueryMax);
  return text.split(' ').filter(Boolean).length >= hintsMinWords ? text : undefined;
}

/** `value`, once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Duplicate hints under the brief description: up to five similar complaints (public fields only),
 * each with "Add my case to this one" instead of lodging a new complaint.
 */
export function DuplicateHints({ control }: { control: Control<TComplaintFormInput, unknown, unknown> }) {
  const { t, i18n } = useTranslation();
  const language = useLabelLanguage();
  const countryName = useCountryName();
  const [brief, country, type] = useWatch({
    control,
    name: ['brief_description', 'country_code', 'restriction_type'],
  });
  const query = useDebounced(
    {
      q: hintsQueryText(String(brief ?? '')),
      country_code: String(country ?? ''),
      restriction_type: String(type ?? ''),
    },
    hintsDelayMs,
  );
  const [supporting, setSupporting] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const hints = useQuery({
    ...apiQuery<TSimilarComplaints>(complaintDuplicateApiPaths.similar, {
      q: query.q ?? '',
      country_code: query.country_code,
      restriction_type: query.restriction_type,
    }),
    enabled: query.q !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  if (query.q === undefined && !added) return null;
  const results = query.q === undefined ? [] : (hints.data?.results ?? []);

  return (
    <Box component="section" aria-labelledby="duplicate-hints-title" data-testid="duplicate-hints">
      {added && (
        <Alert severity="success" sx={{ mb: 1.5 }} data-testid="support-added">
          {t('duplicates.added', { reference: added })}
        </Alert>
      )}
      {query.q !== undefined && (
        <>
          <Typography id="duplicate-hints-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('duplicates.hintsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ mb: 1 }}>
            {hints.isPending
              ? t('duplicates.hintsLoading')
              : results.length === 0
                ? t('duplicates.hintsNone')
                : `${t('duplicates.hintsCount', { count: results.length })} ${t('duplicates.hintsIntro')}`}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {results.map((hint) => {
              const summary =
                language === 'fr' ? (hint.public_summary_fr ?? hint.public_summary) : hint.public_summary;
              const sector = hint.sector && (language === 'fr' ? hint.sector.name_fr : hint.sector.name_en);
              return (
                <Box
                  component="li"
                  key={hint.reference}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
                  data-testid="duplicate-hint"
                >
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Link
                      component={RouterLink}
                      to={publicComplaintPath(hint.reference)}
                      target="_blank"
                      id={`hint-${hint.reference}`}
                      sx={{ fontWeight: 600 }}
                    >
                      {hint.reference}
                    </Link>
                    <StatusChip status={hint.status} />
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {[
                      countryName(hint.country_code),
                      choiceLabel(restrictionTypes, hint.restriction_type, language),
                      sector,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    {' · '}
                    {t('duplicates.lodged', { date: formatDate(hint.submitted_at, i18n.language) })}
                  </Typography>
                  <Typography
                    variant="body2"
                    color={summary ? 'text.primary' : 'text.secondary'}
                    sx={{ mt: 0.5 }}
                  >
                    {summary ?? t('duplicates.summaryPending')}
                  </Typography>
                  <Button
                    size="small"
                    variant="outlined"
                    sx={{ mt: 1 }}
                    onClick={() => setSupporting(hint.reference)}
                    // Its name is its text (label in name); the reference tells which complaint.
                    aria-describedby={`hint-${hint.reference}`}
                    data-testid="add-my-case"
                  >
                    {t('duplicates.addCase')}
                  </Button>
                </Box>
              );
            })}
          </Stack>
        </>
      )}
      {supporting && (
        <SupportDialog
          reference={supporting}
          onClose={() => setSupporting(null)}
          onAdded={(reference) => {
            setSupporting(null);
            setAdded(reference);
          }}
        />
      )}
    </Box>
  );
}
