import { apiPaths, type ConstantsResponse, type SectorListItem } from '@stp/shared';
import { useEffect, useState } from 'react';
import './startup-check.css';

interface StartupData {
  constants: ConstantsResponse | null;
  sectors: SectorListItem[] | null;
}

/** Spec 7 simplified path: the answer is used only when OK and JSON; otherwise null, with no message. */
async function startupCall<T>(path: string, csrf: string | null, token: string | null): Promise<T | null> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (csrf) headers['X-CSRFToken'] = csrf;
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(`/api/${path}`.replace(/\/{2,}/g, '/'), {
      credentials: 'same-origin',
      headers,
    });
    if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return null;
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

/**
 * Placeholder home until the web app shell lands: proves the host page, the initial csrf and token,
 * and the two startup calls work end to end.
 */
export function StartupCheck({ csrf, token }: { csrf: string | null; token: string | null }) {
  const [data, setData] = useState<StartupData | null>(null);

  useEffect(() => {
    void Promise.all([
      startupCall<ConstantsResponse>(apiPaths.constants, csrf, token),
      startupCall<SectorListItem[]>(apiPaths.allSectors, csrf, token),
    ]).then(([constants, sectors]) => setData({ constants, sectors }));
  }, [csrf, token]);

  const partnerStates = data?.constants?.countries.filter((country) => country.partner_state) ?? [];
  const topSectors = data?.sectors?.filter((sector) => sector.level === 1) ?? [];

  return (
    <main className="startup">
      <header>
        <p className="eyebrow">East African Community</p>
        <h1>Services Trade Portal</h1>
        <p>
          Restrictions on trade in services, notifications of measures, indicators, and a way for traders to
          report barriers.
        </p>
      </header>
      {data === null ? (
        <p role="status">Loading the portal data…</p>
      ) : (
        <>
          <section aria-labelledby="partner-states">
            <h2 id="partner-states">Partner states</h2>
            {partnerStates.length > 0 ? (
              <ul className="chips" data-testid="partner-states">
                {partnerStates.map((country) => (
                  <li key={country.code}>{country.name.en}</li>
                ))}
              </ul>
            ) : (
              <p>The country list could not be loaded.</p>
            )}
          </section>
          <section aria-labelledby="sectors">
            <h2 id="sectors">Service sectors</h2>
            {topSectors.length > 0 ? (
              <ol className="sectors" data-testid="sectors">
                {topSectors.map((sector) => (
                  <li key={sector.id}>{sector.name.en}</li>
                ))}
              </ol>
            ) : (
              <p>The sector list could not be loaded.</p>
            )}
            <p className="muted" data-testid="counts">
              {data.constants?.countries.length ?? 0} countries and {data.sectors?.length ?? 0} sector entries
              loaded.
            </p>
          </section>
        </>
      )}
    </main>
  );
}
