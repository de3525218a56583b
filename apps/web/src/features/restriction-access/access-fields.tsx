import Box from '@mui/material/Box';
import {
  catalogueConfigApiPaths,
  restrictionAccessHolders,
  type ZRestrictionAccessInputSchema,
  type TRestrictionAccessHolders,
  type TRestrictionAccessItem,
} from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { apiQuery } from '../../api/query.js';
import type { AdminFieldsProps } from '../../components/admin/admin-resource.js';
import { FormSelectField } from '../../components/form/form-fields.js';
import { FormCheckboxField, PartnerStateField, SectorField } from '../commitments/catalogue-fields.js';
import { restrictionAccessTexts } from './texts.js';

void restrictionAccessTexts;

export type AccessInput = (typeof ZRestrictionAccessInputSchema)['_zod']['input'];

/** The groups and active staff users a rule can name. */
export function useAccessHolders() {
  return useQuery(apiQuery<TRestrictionAccessHolders>(catalogueConfigApiPaths.restrictionAccessHolders));
}

/** The rule form: who (a group or a user), which country and sector, view or edit. */
export function AccessFields({ control, readOnly }: AdminFieldsProps<AccessInput, TRestrictionAccessItem>) {
  const { t } = useTranslation();
  const holder = useWatch({ control, name: 'holder' }) === 'user' ? 'user' : 'group';
  const holders = useAccessHolders().data;
  const input = { readOnly };
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, gap: 2 }}>
        <FormSelectField
          control={control}
          name="holder"
          label={t('restrictionAccess.fields.holder')}
          required
          options={restrictionAccessHolders.map((value) => ({
            value,
            label: t(`restrictionAccess.holderKind.${value}`),
          }))}
          slotProps={{ input }}
        />
        {holder === 'group' ? (
          <FormSelectField
            key="group"
            control={control}
            name="group"
            label={t('restrictionAccess.fields.group')}
            required
            options={(holders?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
            slotProps={{ input }}
          />
        ) : (
          <FormSelectField
            key="user"
            control={control}
            name="user"
            label={t('restrictionAccess.fields.user')}
            required
            options={(holders?.users ?? []).map((user) => ({
              value: String(user.id),
              label: user.name === user.email ? user.email : `${user.name} (${user.email})`,
            }))}
            slotProps={{ input }}
          />
        )}
        <PartnerStateField
          control={control}
          name="country"
          label={t('restrictionAccess.fields.country')}
          required
          slotProps={{ input }}
        />
        <SectorField
          control={control}
          name="sector"
          levels={[1]}
          emptyLabel={t('restrictionAccess.everySector')}
          label={t('restrictionAccess.fields.sector')}
          helperText={t('restrictionAccess.sectorHelp')}
          slotProps={{ input }}
        />
      </Box>
      <FormCheckboxField
        control={control}
        name="can_edit"
        label={t('restrictionAccess.canEdit')}
        readOnly={readOnly}
      />
    </>
  );
}
