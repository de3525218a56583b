import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Which proxies may name the caller's address in `X-Forwarded-For` (docs/security.md, "Client
 * addresses"): none, a number of hops in front of the server, or the proxies' own addresses.
 */
export type TrustProxySetting = false | { hops: number } | { addresses: string[] };

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxyEntry(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`: `false`/`0`/empty, a hop count (`1`; `true` is read as 1 hop, no longer as
 * "every hop"), or a comma-separated list of proxy addresses and CIDR ranges. Returns an error text for
 * anything else.
 */
export function parseTrustProxy(raw: string): TrustProxySetting | { error: string } {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { hops } : { error: 'a hop count above 10 is surely a mistake' };
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = addresses.filter((entry) => !validProxyEntry(entry));
  if (addresses.length === 0 || bad.length > 0)
    return {
      error: `expected false, a number of hops such as 1, or proxy addresses such as 10.0.0.5,192.168.0.0/16 (not ${bad.join(', ') || raw})`,
    };
  return { addresses };
}

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: Fastify 5.12 reads a bare
 * number as "trust nothing", and `true` would trust every hop, letting a caller pick its address.
 */
export function fastifyTrustProxy(
  setting: TrustProxySetting,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('addresses' in setting) return setting.addresses;
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}

/** The 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16) || 0);
}

/**
 * The key the per-address limits count on: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's allocation: the low 64 bits are the caller's to choose). IPv4-mapped IPv6 counts as IPv4.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The caller's address key (after the trusted proxies, see `fastifyTrustProxy`). */
export const clientAddress = (request: FastifyRequest): string => addressKey(request.ip);
