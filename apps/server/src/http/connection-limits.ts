import type { Server } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { addressKey, type TrustProxySetting } from '../auth/client-address.js';
import type { Config } from '../config.js';

/**
 * How often node looks for connections past the header or request time-out (its default, 30 s, let a
 * 10 s time-out run to 40 s). A walk over the open connections: cheap.
 */
const checkEveryMs = 500;

/**
 * Fastify's options for the time-outs of `config.http` (README, docs/security.md "Slow clients"):
 * the whole header block within `headersTimeoutMs` of the first byte (or of the connection, when
 * nothing comes), the whole request within `requestTimeoutMs`, an idle keep-alive connection kept
 * `keepAliveTimeoutMs`, and any connection without a byte either way for `idleTimeoutMs` closed.
 */
export function serverTimeouts(http: Config['http']): Partial<FastifyServerOptions> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    // Passed to node's http.createServer: Fastify has no option of its own for these.
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: checkEveryMs,
    },
  };
}

/** The ranges `TRUST_PROXY` may name, as proxy-addr (Fastify's) reads them. */
const namedRanges: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether a connection comes from a proxy `TRUST_PROXY` trusts: every connection of its clients
 * arrives from it, so it is not capped (the proxy limits its clients). With a hop count every peer is
 * taken for the proxy (nothing else can reach the server, docs/security.md).
 */
export function trustedPeer(setting: TrustProxySetting): (address: string) => boolean {
  if (setting === false) return () => false;
  if (!('addresses' in setting)) return () => true;
  const list = new BlockList();
  for (const entry of setting.addresses) {
    const ranges = namedRanges[entry];
    if (ranges) {
      for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    return isIP(plain) !== 0 && list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Closes at once a new connection from an address (IPv6: its /64) that already holds `max` open ones
 * (0: no cap), before it is read; a trusted proxy is not capped. Logged once each time an address
 * reaches the cap.
 */
export function capConnectionsPerAddress(
  server: Server,
  limits: { max: number; trustProxy: TrustProxySetting },
  log: FastifyBaseLogger,
): void {
  const { max } = limits;
  if (max <= 0) return;
  const trusted = trustedPeer(limits.trustProxy);
  const open = new Map<string, number>();
  const warned = new Set<string>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    if (trusted(address)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      if (!warned.has(key)) {
        warned.add(key);
        log.warn({ address: key, max }, 'connection refused: too many open from this address');
      }
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < max) warned.delete(key);
    });
  });
}
