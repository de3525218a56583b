import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-config-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The configuration of an environment holding only these variables (and a data directory). */
const configOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('SEED_DEMO', () => {
  it('defaults to never in production: the demo accounts have a published password', () => {
    expect(configOf({ NODE_ENV: 'production' }).seedDemo).toBe('never');
  });

  it('defaults to auto in development and test, where the quick start wants the demo', () => {
    expect(configOf({}).seedDemo).toBe('auto');
    expect(configOf({ NODE_ENV: 'development' }).seedDemo).toBe('auto');
    expect(configOf({ NODE_ENV: 'test' }).seedDemo).toBe('auto');
  });

  it('loads the demo in production only when asked by name', () => {
    expect(configOf({ NODE_ENV: 'production', SEED_DEMO: 'auto' }).seedDemo).toBe('auto');
    expect(configOf({ NODE_ENV: 'development', SEED_DEMO: 'never' }).seedDemo).toBe('never');
    expect(() => configOf({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});

describe('HOST', () => {
  it('defaults to the loopback interface, in every mode', () => {
    expect(configOf({}).host).toBe('127.0.0.1');
    expect(configOf({ NODE_ENV: 'production' }).host).toBe('127.0.0.1');
  });

  it('opens up to the interface named', () => {
    expect(configOf({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('METRICS_TOKEN, METRICS_PORT, METRICS_HOST', () => {
  it('serves no /metrics unless asked: no token, no port', () => {
    expect(configOf({}).metrics).toEqual({ token: '', port: null, host: '127.0.0.1' });
    expect(configOf({ METRICS_PORT: '' }).metrics.port).toBeNull();
  });

  it('takes a token of 16 characters or more, a port of its own and its interface', () => {
    const config = configOf({
      METRICS_TOKEN: 'a'.repeat(16),
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.7',
    });
    expect(config.metrics).toEqual({ token: 'a'.repeat(16), port: 9464, host: '10.0.0.7' });
    expect(configOf({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).metrics.host).toBe('0.0.0.0');
  });

  it('refuses a short token, a bad port and the public port', () => {
    expect(() => configOf({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN must be at least 16/,
    );
    expect(() => configOf({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/);
    expect(() => configOf({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(() => configOf({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: a port of its own/);
  });
});
