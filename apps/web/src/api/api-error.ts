import { messages } from '@stp/shared';

/** What a failed call carries, shaped like the response the error dialog reads (spec 8). */
export interface ApiErrorResponse {
  status: number;
  data?: unknown;
  /** A detail on the response itself (third in the dialog's text order). */
  detail?: string;
  headers?: Headers;
}

/** A rejected call: the title and text of spec 8 and, when there was one, the response and its data. */
export class ApiError extends Error {
  readonly title: string;
  readonly status: number;
  readonly response: ApiErrorResponse | undefined;

  constructor(title: string, text: string, status: number, response?: ApiErrorResponse) {
    super(text);
    this.name = 'ApiError';
    this.title = title;
    this.status = status;
    this.response = response;
  }

  /** Field errors of a 422 answer (`{ errors: { field: message } }`), empty otherwise. */
  get fieldErrors(): Record<string, string> {
    const data = this.response?.data as { errors?: unknown } | undefined;
    if (!data || typeof data.errors !== 'object' || data.errors === null) return {};
    return data.errors as Record<string, string>;
  }
}

/** Spec 8: 429 on a call or on the token fetch, with a synthetic status 429. */
export function apiLimitError(data?: unknown): ApiError {
  return new ApiError(messages.apiLimitTitle, messages.apiLimit, 429, {
    status: 429,
    data,
    detail: messages.apiLimit,
  });
}

/** A request given up by its caller; the error dialog shows nothing for it (spec 8). */
export class CanceledError extends Error {
  readonly code = 'ERR_CANCELED';
  constructor() {
    super('canceled');
    this.name = 'CanceledError';
  }
}
