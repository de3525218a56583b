import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxySetting } from './auth/client-address.js';
import { repoRoot, webDistDir, webServerEntry } from './paths.js';

/** `max/window`, e.g. `10/15m`: at most `max` requests per window (s, m, h). */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+[smh]$/, 'expected MAX/WINDOW such as 10/15m')
  .transform((value) => {
    const [max, window] = value.split('/') as [string, string];
    const unit = window.slice(-1);
    const amount = Number(window.slice(0, -1));
    const ms = amount * (unit === 's' ? 1_000 : unit === 'm' ? 60_000 : 3_600_000);
    return { max: Number(max), timeWindow: ms };
  });

const cron = z.string().regex(/^\S+( \S+){4}$/, 'expected a cron expression such as */10 * * * *');

/** Every setting, with the default that makes the embedded mode work with no set-up (README's table). */
const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Loopback unless opened up: a quick start on a laptop is not reachable from the network it sits on.
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'var')),
  DATABASE_URL: z.string().default(''),
  PGLITE_DIR: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  SMTP_URL: z.string().default(''),
  MAIL_FROM: z.string().default('Services Trade Portal <no-reply@localhost>'),
  UPLOADS_DIR: z.string().optional(),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(10),
  UPLOAD_ORPHAN_AGE_SECONDS: z.coerce.number().int().min(0).default(3600),
  // The file store (docs/decisions.md, "Object storage"): local disk, or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().default(''),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(336),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(240).max(3600).default(600),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const setting = parseTrustProxy(value);
      if (setting && 'error' in setting) {
        context.addIssue({ code: 'custom', message: setting.error });
        return z.NEVER;
      }
      return setting;
    }),
  // No default here: it depends on NODE_ENV (never in production, see loadConfig).
  SEED_DEMO: z.enum(['auto', 'never']).optional(),
  RATE_LIMIT_GLOBAL: z.string().default('600/1m').pipe(rateLimit),
  RATE_LIMIT_LOGIN_IP: z.string().default('30/5m').pipe(rateLimit),
  RATE_LIMIT_LOGIN_ACCOUNT: z.string().default('10/15m').pipe(rateLimit),
  RATE_LIMIT_LOGIN_ACCOUNT_CEILING: z.string().default('20/1h').pipe(rateLimit),
  RATE_LIMIT_REGISTER: z.string().default('10/1h').pipe(rateLimit),
  RATE_LIMIT_TOKEN: z.string().default('120/1m').pipe(rateLimit),
  RATE_LIMIT_SUBSCRIBE_IP: z.string().default('20/1h').pipe(rateLimit),
  RATE_LIMIT_SUBSCRIBE_ADDRESS: z.string().default('3/1h').pipe(rateLimit),
  // Duplicate hints: searches per signed-in account (the form asks at most every 400 ms while typing).
  RATE_LIMIT_COMPLAINT_HINTS: z.string().default('60/1m').pipe(rateLimit),
  // Slow clients (docs/security.md, "Slow clients"): time-outs in seconds, connections per address.
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(100),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Prometheus metrics (docs/operations.md, "Metrics and logs"): off unless a token or a port of their own.
  METRICS_TOKEN: z
    .union([z.literal(''), z.string().min(16, 'METRICS_TOKEN must be at least 16 characters')])
    .default(''),
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  METRICS_HOST: z.string().optional(),
  WEB_DIST_DIR: z.string().default(webDistDir),
  WEB_SERVER_ENTRY: z.string().default(webServerEntry),
  SMS_WEBHOOK_SECRET: z.string().default(''),
  SMS_GATEWAY_URL: z.url().default('https://api.africastalking.com/version1/messaging'),
  SMS_GATEWAY_USERNAME: z.string().default(''),
  SMS_GATEWAY_API_KEY: z.string().default(''),
  SMS_SENDER_ID: z.string().default(''),
  RATE_LIMIT_SMS_SENDER: z.string().default('10/1h').pipe(rateLimit),
  // The delivery outbox (docs/background-jobs.md): retries with exponential back-off, at least 32 h by default.
  DELIVERY_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(16),
  DELIVERY_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(60),
  DELIVERY_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).default(14_400),
  DELIVERY_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  QUEUE_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Scheduled maintenance in the queue: cron expressions (minute hour day month weekday, UTC).
  MAINTENANCE_SESSIONS_CRON: cron.default('17 * * * *'),
  MAINTENANCE_UPLOADS_CRON: cron.default('47 * * * *'),
  MAINTENANCE_RATE_LIMITS_CRON: cron.default('*/10 * * * *'),
  MAINTENANCE_SMS_LOG_CRON: cron.default('30 2 * * *'),
  MAINTENANCE_OUTBOX_CRON: cron.default('40 2 * * *'),
  // Reminders (docs/background-jobs.md): the reviewers' daily digest and the applicants' reminder, UTC.
  REMINDERS_DIGEST_CRON: cron.default('0 5 * * *'),
  REMINDERS_INFORMATION_CRON: cron.default('15 5 * * *'),
  SMS_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
});

export type RateLimitSetting = { max: number; timeWindow: number };

/** The S3 driver's bucket; no keys: the SDK's own chain (AWS_* variables, an instance role). */
export interface S3Settings {
  /** Empty: AWS itself; else an S3-compatible server such as `http://minio:9000`. */
  endpoint: string;
  region: string;
  bucket: string;
  /** `host/bucket/key` rather than `bucket.host/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: { url: string; pgliteDir: string; poolSize: number };
  /** Server processes sharing the port (PostgreSQL only: the embedded database lives in one process). */
  workers: number;
  secretKey: string;
  mail: { smtpUrl: string; from: string; outboxDir: string };
  /** `orphanAgeSeconds`: a stored complaint file no row references is removed once this old. */
  uploads: { dir: string; maxMb: number; orphanAgeSeconds: number };
  /** Where files live: `local` (under `uploads.dir`) or `s3` (one bucket, storage/s3.ts). */
  storage: { driver: 'local' | 's3'; s3: S3Settings };
  sessionTtlMs: number;
  tokenTtlSeconds: number;
  /** Which proxies may name the caller's address (docs/security.md, "Client addresses"). */
  trustProxy: TrustProxySetting;
  /** `auto`: the demo data into an empty database. Defaults to `never` in production (its password is public). */
  seedDemo: 'auto' | 'never';
  rateLimits: {
    global: RateLimitSetting;
    loginPerIp: RateLimitSetting;
    /** Per account and client (device or address): docs/security.md "Login limits". */
    loginPerAccount: RateLimitSetting;
    /** Per account, strangers' attempts before they wait a growing delay. */
    loginAccountCeiling: RateLimitSetting;
    register: RateLimitSetting;
    token: RateLimitSetting;
    /** E-mail alerts: subscribe requests per client address, and confirmation mails per e-mail address. */
    subscribePerIp: RateLimitSetting;
    subscribePerAddress: RateLimitSetting;
    /** Duplicate hints (docs/complaint-duplicates.md): searches per account. */
    complaintHints: RateLimitSetting;
  };
  /** Slow clients: the server's time-outs (ms) and open connections per address (0: no cap). */
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    idleTimeoutMs: number;
    maxConnectionsPerAddress: number;
  };
  logLevel: string;
  /** `/metrics`: a bearer token, and/or a port (and host) of its own; neither: not served. */
  metrics: { token: string; port: number | null; host: string };
  webDistDir: string;
  /** The web app's server build (public pages rendered on the server); missing: the browser renders them. */
  webServerEntry: string;
  /** The SMS intake (docs/sms.md): an empty webhook secret turns the webhook off (403). */
  sms: {
    webhookSecret: string;
    gatewayUrl: string;
    username: string;
    apiKey: string;
    senderId: string;
    perSender: RateLimitSetting;
  };
  /** The job queue (docs/background-jobs.md): how the mail and SMS outbox retries, how often expiry is checked. */
  queue: {
    retryLimit: number;
    retryDelaySeconds: number;
    retryDelayMaxSeconds: number;
    expireSeconds: number;
    superviseSeconds: number;
  };
  /** Scheduled maintenance (docs/background-jobs.md). */
  maintenance: {
    schedules: Record<'sessions' | 'uploads' | 'rate-limits' | 'sms-log' | 'outbox', string>;
    smsRetentionDays: number;
    outboxRetentionDays: number;
  };
  /** Reminder schedules (docs/background-jobs.md, "Reminders"). */
  reminders: { digestCron: string; informationCron: string };
}

/** A secret for the embedded mode that survives restarts: made once, kept in DATA_DIR. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written aside, then linked into place (atomic, fails if the file exists): of two processes
  // starting at once on one DATA_DIR, both end up with the first one's secret.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(draft);
  }
}

/** Reads the environment; throws a readable error naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  WORKERS: more than one worker needs PostgreSQL (DATABASE_URL): the embedded database lives in one process',
    );
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS)
    throw new Error(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS: the headers are part of the request: at most HTTP_REQUEST_TIMEOUT_SECONDS',
    );
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new Error(
      'Invalid configuration:\n  METRICS_PORT: a port of its own, not PORT (leave it unset to serve /metrics on PORT with METRICS_TOKEN)',
    );
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new Error(
      'Invalid configuration:\n  S3_BUCKET: STORAGE_DRIVER=s3 needs the bucket to store files in',
    );
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: {
      url: e.DATABASE_URL,
      pgliteDir: e.PGLITE_DIR ?? path.join(dataDir, 'db'),
      poolSize: e.DATABASE_POOL_SIZE,
    },
    workers: e.WORKERS,
    secretKey: e.SECRET_KEY ?? embeddedSecret(dataDir),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'mail') },
    uploads: {
      dir: e.UPLOADS_DIR ?? path.join(dataDir, 'uploads'),
      maxMb: e.UPLOAD_MAX_MB,
      orphanAgeSeconds: e.UPLOAD_ORPHAN_AGE_SECONDS,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      },
    },
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? 'never' : 'auto'),
    rateLimits: {
      global: e.RATE_LIMIT_GLOBAL,
      loginPerIp: e.RATE_LIMIT_LOGIN_IP,
      loginPerAccount: e.RATE_LIMIT_LOGIN_ACCOUNT,
      loginAccountCeiling: e.RATE_LIMIT_LOGIN_ACCOUNT_CEILING,
      register: e.RATE_LIMIT_REGISTER,
      token: e.RATE_LIMIT_TOKEN,
      subscribePerIp: e.RATE_LIMIT_SUBSCRIBE_IP,
      subscribePerAddress: e.RATE_LIMIT_SUBSCRIBE_ADDRESS,
      complaintHints: e.RATE_LIMIT_COMPLAINT_HINTS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    logLevel: e.LOG_LEVEL,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST ?? e.HOST },
    webDistDir: e.WEB_DIST_DIR,
    webServerEntry: e.WEB_SERVER_ENTRY,
    sms: {
      webhookSecret: e.SMS_WEBHOOK_SECRET,
      gatewayUrl: e.SMS_GATEWAY_URL,
      username: e.SMS_GATEWAY_USERNAME,
      apiKey: e.SMS_GATEWAY_API_KEY,
      senderId: e.SMS_SENDER_ID,
      perSender: e.RATE_LIMIT_SMS_SENDER,
    },
    queue: {
      retryLimit: e.DELIVERY_RETRY_LIMIT,
      retryDelaySeconds: e.DELIVERY_RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: e.DELIVERY_RETRY_DELAY_MAX_SECONDS,
      expireSeconds: e.DELIVERY_EXPIRE_SECONDS,
      superviseSeconds: e.QUEUE_SUPERVISE_SECONDS,
    },
    maintenance: {
      schedules: {
        sessions: e.MAINTENANCE_SESSIONS_CRON,
        uploads: e.MAINTENANCE_UPLOADS_CRON,
        'rate-limits': e.MAINTENANCE_RATE_LIMITS_CRON,
        'sms-log': e.MAINTENANCE_SMS_LOG_CRON,
        outbox: e.MAINTENANCE_OUTBOX_CRON,
      },
      smsRetentionDays: e.SMS_LOG_RETENTION_DAYS,
      outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    },
    reminders: { digestCron: e.REMINDERS_DIGEST_CRON, informationCron: e.REMINDERS_INFORMATION_CRON },
  };
}
