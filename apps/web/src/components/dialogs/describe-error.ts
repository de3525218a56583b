import { messages } from '@stp/shared';

/** What the shared error dialog shows. */
export interface ErrorDescription {
  title: string;
  text: string;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  title?: unknown;
  status?: unknown;
  response?: { status?: unknown; detail?: unknown; data?: unknown };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** A cancelled request (spec 8: code ERR_CANCELED, name CanceledError) shows nothing. */
export function isCanceled(error: unknown): boolean {
  const candidate = error as ErrorLike | null;
  return candidate?.code === 'ERR_CANCELED' || candidate?.name === 'CanceledError';
}

/**
 * Spec 8's shared error dialog: title "Error", or "API Limit" (or the error's own title) on 429; text from
 * the response's detail, its error field, a detail on the response itself, then the fallback. Beyond 429,
 * a title in the response data replaces "Error" (spec 5's "Invalid File"); the error's own title does not,
 * as every failed call carries "API Error" there.
 */
export function describeError(
  error: unknown,
  fallback: string = messages.genericError,
): ErrorDescription | null {
  if (isCanceled(error)) return null;
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const response = candidate.response;
  const status = response?.status ?? candidate.status;
  const data = (typeof response?.data === 'object' && response.data !== null ? response.data : {}) as {
    detail?: unknown;
    error?: unknown;
    title?: unknown;
  };
  const title =
    status === 429 ? (text(candidate.title) ?? messages.apiLimitTitle) : (text(data.title) ?? 'Error');
  return { title, text: text(data.detail) ?? text(data.error) ?? text(response?.detail) ?? fallback };
}
