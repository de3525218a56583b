// TRUST_PROXY and the per-address key (issue 29, item 5; docs/security.md "Client addresses"). The
// behaviour through HTTP, a caller rotating X-Forwarded-For behind the proxy: http/rate-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { addressKey, fastifyTrustProxy, parseTrustProxy } from './client-address.js';

describe('TRUST_PROXY', () => {
  it('reads off, a hop count, or the proxies’ addresses; true is one hop, not every hop', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
    expect(parseTrustProxy('1')).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy(' 10.0.0.5, 192.168.0.0/16 ,::1,fd00::/8,loopback')).toEqual({
      addresses: ['10.0.0.5', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses anything else with a readable configuration error', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', 'proxy.example.org', '11', ','])
      expect(parseTrustProxy(bad), bad).toHaveProperty('error');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone', SECRET_KEY: 'k'.repeat(40) })).toThrow(
      /TRUST_PROXY: expected false, a number of hops such as 1, or proxy addresses/,
    );
  });

  it('gives Fastify a trust function for hops (never `true`), the list as it is', () => {
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    const oneHop = fastifyTrustProxy({ hops: 1 }) as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('203.0.113.7', 1)]).toEqual([true, false]);
  });
});

describe('the per-address key', () => {
  it('is an IPv4 address as it is, and an IPv6 address by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
