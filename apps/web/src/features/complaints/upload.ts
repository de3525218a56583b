import { messages } from '@stp/shared';
import { api } from '../../api/api.js';
import { ApiError, apiLimitError, CanceledError } from '../../api/api-error.js';
import { apiUrl } from '../../api/client.js';
import { session } from '../../session/session.js';

/** Progress of an upload: the share of bytes sent, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function parseBody(xhr: XMLHttpRequest): unknown {
  const type = xhr.getResponseHeader('content-type') ?? '';
  if (!type.includes('json')) return xhr.responseText;
  try {
    return xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
  } catch {
    return xhr.responseText;
  }
}

/** The error of a non-OK answer, mapped as the API client maps it (spec 8). */
async function errorOf(status: number, data: unknown): Promise<ApiError> {
  if (status === 429) return apiLimitError(data);
  if (status === 401) {
    // The session ended (signed out elsewhere, expired): the same answer as the API client's.
    const ended = await api.sessionEndedError(data);
    if (ended) return ended;
  }
  if (status === 403) {
    // Spec 8: refresh the token, then say which of the two 403s this was.
    await api.refreshToken().catch(() => null);
    const { user } = session.getState();
    const text = Array.isArray(user?.permissions) ? messages.noAccess : messages.sessionExpired;
    return new ApiError(messages.apiErrorTitle, text, 403, { status, data, detail: text });
  }
  return new ApiError(messages.apiErrorTitle, messages.apiError, status, { status, data });
}

/**
 * A multipart POST with upload progress. `fetch` cannot report the bytes sent, so this one call uses
 * XMLHttpRequest with the headers of spec 7 (X-Requested-With, X-CSRFToken, the bearer token).
 * Resolves with the read body, or with undefined when the session expired during the token fetch.
 */
export async function uploadForm<T>(
  path: string,
  body: FormData,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<T | undefined> {
  const token = await api.validToken();
  if (token === undefined) return undefined;
  const { csrf } = session.getState();

  const { status, data } = await new Promise<{ status: number; data: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = false; // same-origin: cookies go with the call in any case
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (csrf) xhr.setRequestHeader('X-CSRFToken', csrf);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, data: parseBody(xhr) });
    xhr.onerror = () => reject(new TypeError('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new CanceledError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });

  if (status >= 200 && status < 300) {
    onProgress(1);
    return data as T;
  }
  throw await errorOf(status, data);
}
