import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { and, count, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { outboxMessages } from '../db/schema/index.js';
import { createMailer } from '../mail/mailer.js';
import { createStorage } from '../storage/factory.js';
import type { FileStorage } from '../storage/storage.js';
import { createAccount, testPassword, type AccountOptions } from './factories.js';
import { MailCatcher } from './mail-catcher.js';
import { copyTemplateDatabase } from './test-database.js';
import { standInIndexHtml } from './stand-in-web.js';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  mail: MailCatcher;
  storage: FileStorage;
  client(): TestClient;
  /** A signed-in client of a new account (staff unless told) holding exactly these permissions. */
  signedIn(permissions: string[], account?: AccountOptions): Promise<TestClient>;
  /** Waits until the outbox holds no message waiting for delivery (mails go out through the job queue). */
  outboxIdle(timeoutMs?: number): Promise<void>;
  /** Takes the database away under the running server (failure tests). */
  stopDatabase(): Promise<void>;
  close(): Promise<void>;
}

/** The database of one test file: a copy of the migrated, seeded template (PostgreSQL) or snapshot (PGlite). */
async function openTestDatabase() {
  const templateUrl = inject('pgTemplateUrl');
  if (templateUrl) {
    const copy = await copyTemplateDatabase(templateUrl);
    const handle = await openDatabase({ url: copy.url, pgliteDir: '', poolSize: 5 });
    return {
      handle,
      async drop() {
        await handle.close();
        await copy.drop();
      },
    };
  }
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  const handle = await openDatabase({ url: '', pgliteDir: 'memory://', pgliteSnapshot: snapshot });
  return { handle, drop: () => handle.close() };
}

export interface TestContextOptions {
  /** Where the server's JSON log lines go (with LOG_LEVEL set in `env`). */
  logStream?: Writable;
  /** Adds routes or hooks before the app is ready (tests of a mechanism through a route of their own). */
  beforeReady?: (app: FastifyInstance) => void;
}

/** A whole server on a fresh database, a real SMTP server and a temporary file store. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stp-data-'));
  // A stand-in for the built web app: the host page template and one asset.
  await mkdir(path.join(dataDir, 'web/assets'), { recursive: true });
  await writeFile(path.join(dataDir, 'web/index.html'), standInIndexHtml);
  await writeFile(path.join(dataDir, 'web/assets/app-1234.js'), 'console.log("app");');
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'http://portal.test',
    RATE_LIMIT_GLOBAL: '100000/1m',
    RATE_LIMIT_LOGIN_IP: '100000/1m',
    RATE_LIMIT_LOGIN_ACCOUNT: '100000/1m',
    RATE_LIMIT_LOGIN_ACCOUNT_CEILING: '100000/1m',
    RATE_LIMIT_REGISTER: '100000/1m',
    RATE_LIMIT_TOKEN: '100000/1m',
    WEB_DIST_DIR: path.join(dataDir, 'web'),
    // No server rendering unless a test names the web app's server entry (web/server-rendering.test.ts).
    WEB_SERVER_ENTRY: path.join(dataDir, 'web/no-server-build.js'),
    ...env,
  });
  const database = await openTestDatabase();
  const storage = createStorage(config);
  const app = await buildApp({
    config,
    database: database.handle,
    storage,
    mailer: createMailer({ ...config.mail, log: () => undefined }),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  let dropped: Promise<void> | undefined;
  const stopDatabase = () => (dropped ??= database.drop());
  return {
    app,
    db: database.handle.db,
    config,
    mail,
    storage,
    client: () => new TestClient(app),
    async signedIn(permissions, options = {}) {
      const account = await createAccount(database.handle.db, { staff: true, ...options, permissions });
      const client = new TestClient(app);
      await client.login(account.email, testPassword);
      return client;
    },
    // A bound on settling, not a speed check: the worker delivers earlier tests' mails (dozens in the
    // security matrix) beside the test's own requests, which on a loaded machine took over 15 s.
    async outboxIdle(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await database.handle.db
          .select({ n: count() })
          .from(outboxMessages)
          .where(and(eq(outboxMessages.status, 'queued'), eq(outboxMessages.attempts, 0)));
        if (!row?.n) return;
        if (Date.now() > deadline) throw new Error(`${row.n} outbox messages still queued`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stopDatabase,
    async close() {
      await app.close();
      await stopDatabase();
      await mail.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface ClientRequest {
  method?: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Send the held csrf value as X-CSRFToken (default true). */
  csrf?: boolean;
  /** Authenticate with the held bearer token instead of cookies. */
  bearer?: boolean;
}

/** A browser-like caller: keeps cookies, the csrf value and the token as the web app would. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrf: string | null = null;
  token: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async request(options: ClientRequest) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...options.headers };
    if (options.csrf !== false && this.csrf) headers['x-csrftoken'] = this.csrf;
    if (options.bearer && this.token) headers.authorization = `Bearer ${this.token}`;
    const cookieHeader = options.bearer
      ? ''
      : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    const response = await this.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Loads the host page and reads the csrf value and token from its root element, as the web app does. */
  async openHostPage() {
    const response = await this.request({ url: '/' });
    this.csrf = /data-csrf="([^"]*)"/.exec(response.body)?.[1] ?? null;
    this.token = /data-token="([^"]*)"/.exec(response.body)?.[1] || null;
    return response;
  }

  async login(email: string, password: string) {
    if (!this.csrf) await this.openHostPage();
    const response = await this.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email, password },
    });
    if (response.statusCode === 200) {
      const body = response.json<{ csrf: string; token: string }>();
      this.csrf = body.csrf;
      this.token = body.token;
    }
    return response;
  }
}
