// The `/metrics` endpoint's settings, its token check and its listener of its own (METRICS_PORT): shared
// by a serving process (metrics.ts) and, with WORKERS > 1, the primary that owns the port
// (cluster-metrics.ts). docs/operations.md, "Metrics and logs".
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface MetricsSettings {
  /** Bearer token a scrape must send; empty: none asked (the separate port is then the protection). */
  token: string;
  /** A port of its own for `/metrics` (not the public one); null: served on the app's port, token required. */
  port: number | null;
  host: string;
}

/** A scrape's answer: the exposition text and its content type. */
export interface MetricsScrape {
  body: string;
  type: string;
}

/** Whether `/metrics` is served at all: it needs a token or a port of its own (docs/operations.md). */
export function metricsEnabled(settings: MetricsSettings): boolean {
  return settings.token !== '' || settings.port !== null;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when no token is asked or the request's `Authorization: Bearer …` is it (constant time). */
export function scrapeAuthorised(settings: MetricsSettings, header: string | undefined): boolean {
  if (settings.token === '') return true;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(settings.token));
}

/** The listener of METRICS_PORT: answers `GET /metrics` (token checked when set) and nothing else. */
export function metricsListener(
  settings: MetricsSettings,
  scrape: () => Promise<MetricsScrape>,
  onError: (error: unknown) => void,
): http.Server {
  return http.createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!scrapeAuthorised(settings, request.headers.authorization)) {
      response.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    scrape().then(
      ({ body, type }) => response.writeHead(200, { 'Content-Type': type }).end(body),
      (error: unknown) => {
        onError(error);
        response.writeHead(500).end();
      },
    );
  });
}
