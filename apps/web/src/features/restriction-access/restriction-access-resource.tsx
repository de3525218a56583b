import Group from '@mui/icons-material/Group';
import Person from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  ZRestrictionAccessInputSchema,
  type TRestrictionAccessHolders,
  type TRestrictionAccessItem,
} from '@stp/shared';
import type { AdminResourceConfig } from '../../components/admin/admin-resource.js';
import { phoneOnly } from '../../components/list/cell-styles.js';
import { formatDate } from '../../lib/format.js';
import { partnerStateOptions } from '../commitments/catalogue-fields.js';
import { AccessFields } from './access-fields.js';
import { restrictionAccessTexts } from './texts.js';
import { EmailLine } from '../../components/text-breaks.js';

void restrictionAccessTexts;

type Resource = AdminResourceConfig<TRestrictionAccessItem, typeof ZRestrictionAccessInputSchema>;

const holderName = (item: TRestrictionAccessItem) => item.group?.name ?? item.user?.name ?? '—';

/**
 * Restriction access rules (spec 2 `/auth/config/restriction-access`), edited in a dialog; the group
 * and user filters list the holders the server offers.
 */
export function restrictionAccessResource(holders: TRestrictionAccessHolders | undefined): Resource {
  return {
    name: 'restriction-access',
    app: 'restrictions',
    model: 'restrictionaccess',
    texts: {
      title: 'routes.restrictionAccess',
      intro: 'restrictionAccess.intro',
      create: 'restrictionAccess.create',
      edit: 'restrictionAccess.edit',
      caption: 'restrictionAccess.caption',
      empty: 'restrictionAccess.empty',
    },
    label: (item, language) => `${holderName(item)}, ${item.country.name[language]}`,
    columns: (t, language) => {
      const accessLabel = (item: TRestrictionAccessItem) =>
        t(item.can_edit ? 'restrictionAccess.access.edit' : 'restrictionAccess.access.view');
      return [
        {
          key: 'holder',
          label: t('restrictionAccess.fields.holder'),
          sortKey: 'holder',
          render: (item) => (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', overflowWrap: 'break-word' }}>
              {item.holder === 'group' ? (
                <Group fontSize="small" titleAccess={t('restrictionAccess.holderKind.group')} />
              ) : (
                <Person fontSize="small" titleAccess={t('restrictionAccess.holderKind.user')} />
              )}
              <Box>
                <Box sx={{ fontWeight: 500 }}>{holderName(item)}</Box>
                {item.user && item.user.email !== item.user.name && <EmailLine email={item.user.email} />}
                {/* On a phone the country and access columns are hidden: they show here. */}
                <Box sx={{ ...phoneOnly, mt: 0.5 }}>
                  {item.country.name[language]} · {accessLabel(item)}
                </Box>
              </Box>
            </Box>
          ),
        },
        {
          key: 'country',
          label: t('restrictionAccess.fields.country'),
          sortKey: 'country',
          hideBelow: 'sm',
          render: (item) => item.country.name[language],
        },
        {
          key: 'sector',
          label: t('restrictionAccess.fields.sector'),
          hideBelow: 'lg',
          render: (item) =>
            item.sector
              ? `${item.sector.code} ${item.sector.name[language]}`
              : t('restrictionAccess.everySector'),
        },
        {
          key: 'access',
          label: t('restrictionAccess.fields.access'),
          sortKey: 'can_edit',
          hideBelow: 'sm',
          render: (item) => (
            <Chip
              size="small"
              variant="outlined"
              color={item.can_edit ? 'primary' : 'default'}
              label={accessLabel(item)}
            />
          ),
        },
        {
          key: 'created_at',
          label: t('restrictionAccess.createdAt'),
          sortKey: 'created_at',
          hideBelow: 'lg',
          render: (item) => formatDate(item.created_at, language),
        },
      ];
    },

    filters: (t, language) => [
      {
        key: 'holder',
        label: t('restrictionAccess.fields.holder'),
        options: (['group', 'user'] as const).map((value) => ({
          value,
          label: t(`restrictionAccess.holderKind.${value}`),
        })),
      },
      {
        key: 'group',
        label: t('restrictionAccess.fields.group'),
        options: (holders?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name })),
      },
      {
        key: 'user',
        label: t('restrictionAccess.fields.user'),
        options: (holders?.users ?? []).map((user) => ({ value: String(user.id), label: user.email })),
      },
      {
        key: 'country',
        label: t('restrictionAccess.fields.country'),
        options: partnerStateOptions(language),
      },
      {
        key: 'access',
        label: t('restrictionAccess.fields.access'),
        options: (['view', 'edit'] as const).map((value) => ({
          value,
          label: t(`restrictionAccess.access.${value}`),
        })),
      },
    ],
    defaultSort: 'holder',
    archivable: false,
    schema: ZRestrictionAccessInputSchema,
    emptyValues: { holder: 'group', group: '', user: '', country: '', sector: '', can_edit: false },
    toFormValues: (item) => ({
      holder: item.holder,
      group: item.group ? String(item.group.id) : '',
      user: item.user ? String(item.user.id) : '',
      country: item.country.code,
      sector: item.sector ? String(item.sector.id) : '',
      can_edit: item.can_edit,
    }),
    Fields: AccessFields,
  };
}
