import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import {
  type ZCommitmentInputSchema,
  adminApiPath,
  type Paginated,
  type TCommitmentAdminItem,
} from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { apiQuery } from '../../api/query.js';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { FormTextField } from '../../components/form/form-fields.js';
import { FormCheckboxField, PartnerStateField, SectorField } from './catalogue-fields.js';
import { commitmentsTexts } from './texts.js';

void commitmentsTexts;

export type CommitmentInput = (typeof ZCommitmentInputSchema)['_zod']['input'];

/** The address of a commitment's page. */
export const commitmentRoute = (id: number | 'new') => `/auth/manage/commitments/${id}`;

/**
 * The commitment already recorded for the chosen country and sector, if any (another record than the
 * one being edited): the pair is unique, so the form points to it instead of saving a duplicate.
 */
function DuplicateNotice({ country, sector, own }: { country: string; sector: string; own: number | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const ready = /^[A-Z]{2}$/.test(country) && /^\d+$/.test(sector);
  const found = useQuery({
    ...apiQuery<Paginated<TCommitmentAdminItem>>(adminApiPath('commitments'), {
      country,
      sector,
      state: 'all',
      page_size: 1,
    }),
    enabled: ready,
  });
  const existing = ready ? found.data?.results.find((row) => row.id !== own) : undefined;
  if (!existing) return null;
  return (
    <Alert severity="warning" data-testid="commitment-duplicate">
      {t('commitments.duplicate', {
        country: existing.country.name[language],
        sector: `${existing.sector.code} ${existing.sector.name[language]}`,
      })}{' '}
      <Link component={RouterLink} to={commitmentRoute(existing.id)} data-testid="commitment-existing-link">
        {t('commitments.editExisting')}
      </Link>
    </Alert>
  );
}

/** The commitment form: the country and sector pair, whether it is committed, the year and details. */
export function CommitmentFields({
  control,
  readOnly,
  item,
}: AdminFieldsProps<CommitmentInput, TCommitmentAdminItem>) {
  const { t } = useTranslation();
  const [country, sector] = useWatch({ control, name: ['country', 'sector'] }).map((value) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '',
  );
  const input = { readOnly };
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 2 }}>
        <PartnerStateField
          control={control}
          name="country"
          label={t('commitments.fields.country')}
          required
          fullWidth
          slotProps={{ input }}
        />
        <SectorField
          control={control}
          name="sector"
          levels={[1, 2, 3]}
          label={t('commitments.fields.sector')}
          required
          fullWidth
          slotProps={{ input }}
        />
      </Box>
      {!readOnly && <DuplicateNotice country={country ?? ''} sector={sector ?? ''} own={item?.id ?? null} />}
      <FormCheckboxField
        control={control}
        name="committed_to_liberalise"
        label={t('commitments.fields.committed_to_liberalise')}
        readOnly={readOnly}
      />
      <FormTextField
        control={control}
        name="year_committed"
        type="number"
        label={t('commitments.fields.year_committed')}
        helperText={t('commitments.yearHelp')}
        sx={{ maxWidth: 240 }}
        slotProps={{ input, htmlInput: { min: 1900, max: 2099 } }}
      />
      <FormTextField
        control={control}
        name="details"
        label={t('commitments.fields.details')}
        fullWidth
        multiline
        minRows={4}
        slotProps={{ input }}
      />
    </>
  );
}
