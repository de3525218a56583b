import type { TFunction } from 'i18next';

/** A file size in KB or MB, with the interface language's decimal mark. */
export function formatFileSize(bytes: number, t: TFunction, locale: string): string {
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024 * 1024)
    return t('content.publication.sizeKb', { size: number(Math.max(1, bytes / 1024)) });
  return t('content.publication.sizeMb', { size: number(bytes / 1024 / 1024) });
}
