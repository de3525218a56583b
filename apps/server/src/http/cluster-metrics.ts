// Metrics with WORKERS > 1 (docs/operations.md, "Metrics and logs"): every worker counts its own requests,
// so a scrape that reached one worker reported a part that changed with the worker it reached. The
// primary gathers them (@prometheus-io/client's ClusterRegistry: counters and histograms summed, gauges
// by their aggregator) for a worker's `/metrics`, over the cluster's IPC channel, and owns METRICS_PORT.
import cluster from 'node:cluster';
import { once } from 'node:events';
import type http from 'node:http';
import { ClusterRegistry, type Registry } from '@prometheus-io/client';
import { metricsListener, type MetricsScrape, type MetricsSettings } from './metrics-endpoint.js';

const scrapeAsked = 'stp:metrics-scrape';
const scrapeAnswered = 'stp:metrics-scrape-answer';
// The primary waits 5 s at most for each worker (ClusterRegistry's own limit); this covers it.
const scrapeTimeoutMs = 10_000;

interface ScrapeAsked {
  type: typeof scrapeAsked;
  id: number;
}
interface ScrapeAnswered {
  type: typeof scrapeAnswered;
  id: number;
  scrape?: MetricsScrape;
  error?: string;
}

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

/**
 * In the primary, before the workers are forked: answers their scrapes with every worker's metrics, and
 * serves METRICS_PORT when set. Returns what stops the listener.
 */
export async function startClusterMetrics(
  settings: MetricsSettings,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const registry = new ClusterRegistry();
  const gather = async (): Promise<MetricsScrape> => ({
    body: await registry.clusterMetrics(),
    type: registry.contentType,
  });
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<ScrapeAsked>(message, scrapeAsked)) return;
    const answer = (fields: Omit<ScrapeAnswered, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: scrapeAnswered, id: message.id, ...fields });
    };
    gather().then(
      (scrape) => answer({ scrape }),
      (error: unknown) => {
        onError(error);
        answer({ error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  if (settings.port === null) return async () => undefined;
  const server: http.Server = metricsListener(settings, gather, onError);
  server.listen(settings.port, settings.host);
  await once(server, 'listening');
  return async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}

let lastId = 0;
const waiting = new Map<number, (answer: ScrapeAnswered) => void>();

/**
 * In a worker: makes `registry` the one the primary gathers, and answers a scrape with the metrics of
 * every worker, which it asks the primary for.
 */
export function clusterScrape(registry: Registry): () => Promise<MetricsScrape> {
  ClusterRegistry.setRegistries(registry);
  // Its construction in a worker answers the primary's requests for this worker's metrics.
  new ClusterRegistry();
  process.on('message', (message: unknown) => {
    if (!isMessage<ScrapeAnswered>(message, scrapeAnswered)) return;
    waiting.get(message.id)?.(message);
  });
  return () => {
    const id = (lastId += 1);
    return new Promise<MetricsScrape>((resolve, reject) => {
      const timer = setTimeout(
        () => settle({ type: scrapeAnswered, id, error: 'no answer' }),
        scrapeTimeoutMs,
      );
      function settle(answer: ScrapeAnswered) {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.scrape) resolve(answer.scrape);
        else reject(new Error(`The primary gathered no metrics: ${answer.error ?? 'no answer'}`));
      }
      waiting.set(id, settle);
      process.send?.({ type: scrapeAsked, id } satisfies ScrapeAsked);
    });
  };
}
