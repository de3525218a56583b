/** International dialling codes of the partner states, to read national numbers and guess a country. */
export const diallingCodes: Record<string, string> = {
  KE: '254',
  TZ: '255',
  UG: '256',
  RW: '250',
  BI: '257',
  SS: '211',
  CD: '243',
  SO: '252',
};

/**
 * A phone number as `+` and digits (E.164-ish), or null when it has too few or too many digits.
 * `00` in front counts as `+`; a national number (one leading 0) takes the dialling code of
 * `country` when it is known, so "0722 418 903" of a Kenyan account matches "+254722418903".
 */
export function normalisePhone(raw: string, country?: string | null): string | null {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  else if (!trimmed.startsWith('+') && /^0[1-9]/.test(digits)) {
    const code = country ? diallingCodes[country] : undefined;
    if (!code) return null;
    digits = code + digits.slice(1);
  }
  if (digits.length < 7 || digits.length > 15) return null;
  return `+${digits}`;
}

/** The partner state whose dialling code the number starts with, if any. */
export function countryOfPhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  for (const [country, code] of Object.entries(diallingCodes)) if (digits.startsWith(code)) return country;
  return null;
}
