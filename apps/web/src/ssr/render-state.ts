import type { Locale } from '@stp/shared';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ApiError } from '../api/api-error.js';
import type { ThemeMode } from '../theme/theme.js';

/** What a server-rendered page hands the browser to hydrate with, in a JSON script element. */
export interface ServerRenderState {
  locale: Locale;
  theme: ThemeMode;
  timeZone: string;
  router: HydrationState;
  /** TanStack Query's dehydrated cache; an `ApiError` as `{ apiError: {...} }` (errors do not survive JSON). */
  queries: DehydratedState;
  reads: Record<string, unknown>;
  /** The status of each read the API refused (page-render.tsx, `PageRender.readErrors`). */
  readErrors?: Record<string, number>;
}

/** The id of the script element that carries the state. */
export const renderStateId = 'stp-render-state';

interface EncodedApiError {
  apiError: { title: string; text: string; status: number; data: unknown };
}

const isEncodedApiError = (value: unknown): value is EncodedApiError =>
  typeof value === 'object' && value !== null && 'apiError' in value;

/** Queries that failed keep their `ApiError` as plain data: a screen shows "not found" from its status. */
export function encodeQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const apiError = {
        title: error.title,
        text: error.message,
        status: error.status,
        data: error.response?.data,
      };
      return { ...query, state: { ...query.state, error: { apiError } as unknown as Error } };
    }),
  };
}

/** The inverse of `encodeQueryErrors`, in the browser before hydrating the cache. */
export function decodeQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isEncodedApiError(error)) return query;
      const { title, text, status, data } = error.apiError;
      const revived = new ApiError(title, text, status, { status, data });
      return { ...query, state: { ...query.state, error: revived } };
    }),
  };
}

/**
 * The state as the text of a `<script type="application/json">`: JSON whose `<` (so `</script>` and
 * `<!--`), `>`, `&` and the two line separators are written as escapes, so no record's text can end the
 * element or start markup; JSON.parse reads the escapes back.
 */
export function serializeRenderState(state: ServerRenderState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state of a server-rendered page, or null for a page the browser renders alone. */
export function readRenderState(doc: Document = document): ServerRenderState | null {
  const element = doc.getElementById(renderStateId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRenderState;
  } catch {
    return null;
  }
}
