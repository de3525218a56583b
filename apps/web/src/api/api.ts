import { session } from '../session/session.js';
import { ApiClient } from './client.js';

let apiFetch: typeof fetch = (...args) => globalThis.fetch(...args);

/** The app's API client, bound to the app's session store. */
export const api = new ApiClient(session, (...args) => apiFetch(...args));

/** Replaces how the app's client reaches the API: the server rendering a page answers its calls in-process. */
export function setApiFetch(fetchImpl: typeof fetch): void {
  apiFetch = fetchImpl;
}
