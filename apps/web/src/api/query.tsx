import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';
import { ApiError } from './api-error.js';
import type { Query } from './client.js';
import { adoptServerReads, readFromServer, serverReadKey } from './server-reads.js';

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

// Reads a route started while this chunk loaded (server-reads.ts) become this client's queries.
adoptServerReads(queryClient);

/** Wraps a screen in the query client's provider. */
export function withQueryClient(Screen: ComponentType): ComponentType {
  function ServerDataScreen() {
    // On the server a page's own client is already provided (entry-server.tsx).
    const provided = useContext(QueryClientContext);
    return (
      <QueryClientProvider client={provided ?? queryClient}>
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
    queryKey: serverReadKey(path, query),
    queryFn: ({ signal }: { signal: AbortSignal }) => readFromServer<T>(path, query, signal),
  };
}
