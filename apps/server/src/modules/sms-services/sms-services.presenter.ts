import type { SmsServiceItem } from '@stp/shared';
import type { countries, smsServices } from '../../db/schema/index.js';

type CountryRow = Pick<typeof countries.$inferSelect, 'code' | 'nameEn' | 'nameFr'>;

/** One partner state's SMS service as the API shows it (snake_case, inactive defaults when absent). */
export function presentSmsService(
  country: CountryRow,
  service: typeof smsServices.$inferSelect | null,
): SmsServiceItem {
  return {
    country: country.code,
    country_name: { en: country.nameEn, fr: country.nameFr },
    is_active: service?.isActive ?? false,
    short_code: service?.shortCode ?? '',
    keyword: service?.keyword ?? '',
    instructions_en: service?.instructionsEn ?? '',
    instructions_fr: service?.instructionsFr ?? '',
    activated_on: service?.activatedOn ?? null,
    updated_at: service?.updatedAt.toISOString() ?? null,
  };
}
