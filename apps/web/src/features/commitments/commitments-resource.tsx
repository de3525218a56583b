import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { ZCommitmentInputSchema, type TCommitmentAdminItem } from '@stp/shared';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { phoneOnly } from '../../components/list/cell-styles.js';
import { formatDate } from '../../lib/format.js';
import { appData } from '../../session/app-data.js';
import { partnerStateOptions, sectorOptions } from './catalogue-fields.js';
import { CommitmentFields, commitmentRoute } from './commitment-fields.js';
import { commitmentsTexts } from './texts.js';

void commitmentsTexts;

/** Commitments (spec 2 `/auth/manage/commitments`): edited on their own page. */
export const commitmentsResource: AdminResourceConfig<TCommitmentAdminItem, typeof ZCommitmentInputSchema> = {
  name: 'commitments',
  app: 'restrictions',
  model: 'commitment',
  texts: {
    title: 'routes.commitments',
    intro: 'commitments.intro',
    create: 'commitments.create',
    edit: 'commitments.edit',
    caption: 'commitments.caption',
    empty: 'commitments.empty',
  },
  label: (item, language) =>
    `${item.country.name[language]}, ${item.sector.code} ${item.sector.name[language]}`,
  columns: (t, language) => {
    const committedChip = (item: TCommitmentAdminItem) => (
      <Chip
        size="small"
        variant="outlined"
        color={item.committed_to_liberalise ? 'success' : 'default'}
        label={t(item.committed_to_liberalise ? 'commitments.committed' : 'commitments.notCommitted')}
      />
    );
    return [
      {
        key: 'country',
        label: t('commitments.fields.country'),
        sortKey: 'country',
        render: (item) => (
          <>
            <Box sx={{ fontWeight: 500 }}>{item.country.name[language]}</Box>
            {/* On a phone the sector column is hidden: the sector shows under the country. */}
            <Box
              sx={{
                ...phoneOnly,
                color: 'text.secondary',
                overflowWrap: 'break-word',
              }}
            >
              {item.sector.code} {item.sector.name[language]}
              <Box sx={{ mt: 0.5 }}>{committedChip(item)}</Box>
            </Box>
          </>
        ),
      },
      {
        key: 'sector',
        label: t('commitments.fields.sector'),
        sortKey: 'sector',
        hideBelow: 'sm',
        render: (item) => (
          <Box sx={{ overflowWrap: 'break-word' }}>
            <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
              {item.sector.code}
            </Box>
            {item.sector.name[language]}
          </Box>
        ),
      },
      {
        key: 'committed',
        label: t('commitments.fields.committed_to_liberalise'),
        sortKey: 'committed',
        hideBelow: 'sm',
        render: committedChip,
      },
      {
        key: 'year',
        label: t('commitments.fields.year_committed'),
        sortKey: 'year',
        align: 'right',
        hideBelow: 'lg',
        render: (item) => item.year_committed ?? '—',
      },
      {
        key: 'updated_at',
        label: t('commitments.updatedAt'),
        sortKey: 'updated_at',
        hideBelow: 'lg',
        render: (item) => formatDate(item.updated_at, language),
      },
    ];
  },
  filters: (t, language) => [
    { key: 'country', label: t('commitments.fields.country'), options: partnerStateOptions(language) },
    {
      key: 'sector',
      label: t('commitments.fields.sector'),
      options: sectorOptions(appData.getState().cache.sectorList, language, [1, 2]),
    },
    {
      key: 'committed',
      label: t('commitments.fields.committed_to_liberalise'),
      options: [
        { value: 'yes', label: t('commitments.yes') },
        { value: 'no', label: t('commitments.no') },
      ],
    },
  ],
  defaultSort: 'country',
  archivable: true,
  schema: ZCommitmentInputSchema,
  emptyValues: { country: '', sector: '', committed_to_liberalise: false, year_committed: '', details: '' },
  toFormValues: (item) => ({
    country: item.country.code,
    sector: String(item.sector.id),
    committed_to_liberalise: item.committed_to_liberalise,
    year_committed: item.year_committed === null ? '' : String(item.year_committed),
    details: item.details,
  }),
  Fields: CommitmentFields,
  itemRoute: commitmentRoute,
  listRoute: '/auth/manage/commitments',
};
