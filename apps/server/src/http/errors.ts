import { messages } from '@stp/shared';

/** The `detail` of every 400 the server answers for a request it cannot read (en.json: errors.badRequest). */
export const badRequestText = 'The request could not be understood.';

/** An error with an HTTP status and the `detail` the web app's error dialog shows (spec 8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string>,
    readonly title?: string,
    /** More fields of the answer's body, e.g. the id of the record a duplicate clashes with. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notSignedIn = () => new HttpError(401, messages.notSignedIn);
export const forbidden = () => new HttpError(403, messages.noAccess);
export const notFound = () => new HttpError(404, messages.notFoundApi);
/** A request that cannot be read (malformed body, bad encoding): said without echoing internals. */
export const badRequest = () => new HttpError(400, badRequestText);

/** 422 with one message per field, and the spec's form-level text as `detail`. */
export function validationFailed(errors: Record<string, string>, title?: string): HttpError {
  return new HttpError(422, messages.formErrors, errors, title);
}
