import { auditApiPaths, type TDashboard } from '@stp/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/api.js';

/**
 * The dashboard's figures. A plain request rather than TanStack Query: the dashboard is the first
 * screen after sign-in and stays out of the query chunk.
 */
export function useDashboard() {
  const [state, setState] = useState<{ data: TDashboard | null; error: boolean; loading: boolean }>({
    data: null,
    error: false,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api
      .request<TDashboard>(auditApiPaths.dashboard, { signal: controller.signal })
      .then((data) => setState({ data: data ?? null, error: false, loading: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ data: null, error: true, loading: false });
      });
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true, error: false }));
    setAttempt((value) => value + 1);
  }, []);
  return { ...state, retry };
}
