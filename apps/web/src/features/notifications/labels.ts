import { notificationStatus, publicNotificationStatuses } from '@stp/shared';
import { useAppData } from '../../session/app-data.js';
import { useBilingual, useLang } from '../content-pages/bilingual.js';

/** The label of a notification status in the interface language. */
export function useStatusLabel(): (value: string) => string {
  const lang = useLang();
  return (value) => notificationStatus.find((choice) => choice.value === value)?.label[lang] ?? value;
}

/** The statuses a visitor can filter on (drafts are never public). */
export function useStatusOptions() {
  const label = useStatusLabel();
  return publicNotificationStatuses.map((value) => ({ value, label: label(value) }));
}

/** The partner states, for the country filter and the SMS selector. */
export function usePartnerStates() {
  const text = useBilingual();
  const countries = useAppData((state) => state.constants?.countries);
  return (countries ?? [])
    .filter((country) => country.partner_state)
    .map((country) => ({ value: country.code, label: text(country.name) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
