/** A JSON value as a base64url segment of a JWT. */
export const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A JWT-shaped token (unsigned) with this payload, as the API client reads it (unit tests). */
export const unsignedJwt = (payload: Record<string, unknown>) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.sig`;
