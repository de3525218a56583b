import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { AdminListScreen } from '../../components/admin/admin-list-screen.js';
import type { Language } from '../../components/admin/admin-resource.js';
import { partnerStateOptions } from '../commitments/catalogue-fields.js';
import { useAppData } from '../../session/app-data.js';
import { holidaysResource } from './holidays-resource.js';

/** The years the filter offers: last year to two years ahead. */
function yearOptions(now = new Date()) {
  const year = now.getFullYear();
  return [year - 1, year, year + 1, year + 2].map((value) => ({
    value: String(value),
    label: String(value),
  }));
}

/** `/auth/config/holidays`: the partner states' public holidays, by partner state and year. */
export function HolidaysScreen() {
  const constants = useAppData((state) => state.constants);
  const resource = useMemo(
    () => ({
      ...holidaysResource,
      filters: (t: TFunction, language: Language) => [
        { key: 'country', label: t('holidaysAdmin.countryFilter'), options: partnerStateOptions(language) },
        { key: 'year', label: t('holidaysAdmin.yearFilter'), options: yearOptions() },
      ],
    }),
    // The partner states come with the constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [constants],
  );
  return <AdminListScreen resource={resource} />;
}
