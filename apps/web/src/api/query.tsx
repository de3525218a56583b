import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { api } from './api.js';
import { ApiError } from './api-error.js';
import type { Query } from './client.js';

/**
 * The one TanStack Query client of the app. It lives in the chunks of the screens that read server data
 * (see `withServerData` in app/routes.ts), never in the first load.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change by asking again; a network blip or a 5xx may.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

/** Wraps a screen in the query client's provider. */
export function withQueryClient(Screen: ComponentType): ComponentType {
  function ServerDataScreen() {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen />
      </QueryClientProvider>
    );
  }
  ServerDataScreen.displayName = `ServerData(${Screen.displayName ?? Screen.name})`;
  return ServerDataScreen;
}

/**
 * Query options for a GET of the API: the key is the path and the query, the fetch is cancelled with
 * the query (TanStack's signal). Use with `useQuery(apiQuery<T>(path, query))`.
 */
export function apiQuery<T>(path: string, query?: Query) {
  return {
    queryKey: [path, query ?? {}] as QueryKey,
    // A session that expired during the token fetch resolves with nothing (spec 8); a query holds null.
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      ((await api.request<T>(path, { query, signal })) ?? null) as T,
  };
}
