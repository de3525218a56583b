// The portal as a partner state runs it on two machines (issue 7 item 2, issue 32 item 2): two server
// processes, each with its own data directory (no shared disk), one PostgreSQL, one S3-compatible
// object store, one SMTP server, the shipped nginx configuration in front (nginx-balancer.ts).
// two-instances.test.ts drives it.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../db/client.js';
import { seedBase } from '../db/seed/base.js';
import { roles } from '../modules/complaints/complaints.fixtures.js';
import { generateRestrictions } from '../modules/restrictions/generate-data.js';
import { createAccount } from './factories.js';
import { MailCatcher } from './mail-catcher.js';
import { NginxBalancer, type AccessEntry } from './nginx-balancer.js';
import { PostgresCluster } from './postgres-cluster.js';
import { startS3Server, type TestS3Server } from './s3-server.js';
import { ServerProcess, freePort } from './server-process.js';
import { standInIndexHtml } from './stand-in-web.js';
import { copyTemplateDatabase, createDatabase } from './test-database.js';

/** The accounts the suite signs in with. */
export interface Accounts {
  clients: string[];
  superuser: string;
  trader: string;
  /** A reviewer at the regulator stage of Kenya (the complaints' country). */
  regulator: string;
}

/** Small named limits, so the suite reaches them. */
export const limits = {
  RATE_LIMIT_LOGIN_ACCOUNT: '3/1m',
  RATE_LIMIT_LOGIN_IP: '6/1m',
  RATE_LIMIT_REGISTER: '2/1m',
  RATE_LIMIT_TOKEN: '100/1m',
};
/** Small enough that a complaint with the most attachments crosses nginx in a moment. */
export const uploadMaxMb = 1;

/** Everything the suite started, and how to stop it. */
export class TwoMachines {
  readonly instances: ServerProcess[] = [];
  readonly mail = new MailCatcher();
  balancer!: NginxBalancer;
  /** The object store every instance keeps its files in (a real S3-compatible server). */
  s3!: TestS3Server;
  databaseUrl = '';
  accounts!: Accounts;
  readonly secretKey = randomBytes(32).toString('hex');
  private smtpUrl = '';
  private ownServer: PostgresCluster | null = null;
  private dropDatabase = async () => undefined as void;

  private constructor(private readonly root: string) {}

  /** Database, SMTP server, nginx in front of two instance ports, then the two instances. */
  static async start(): Promise<TwoMachines> {
    const machines = new TwoMachines(await mkdtemp(path.join(os.tmpdir(), 'stp-two-')));
    await machines.prepareDatabase();
    machines.smtpUrl = await machines.mail.start();
    machines.s3 = await startS3Server();
    const ports = [await freePort(), await freePort()];
    machines.balancer = await NginxBalancer.start({
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      uploadMaxMb,
    });
    const started = await Promise.all(
      ports.map((port, index) => machines.startInstance(`machine-${index + 1}`, port)),
    );
    // Up to 300 s: two starts from source at once on a shared 2-core machine (load average 40 and more
    // at times) have run past ServerProcess's usual 150 s.
    await Promise.all(started.map((instance) => instance.ready(300_000)));
    return machines;
  }

  /** A fresh database on the suite's PostgreSQL (a copy of its template), or on a server of our own. */
  private async prepareDatabase(): Promise<void> {
    const templateUrl = inject('pgTemplateUrl');
    if (!templateUrl) this.ownServer = await PostgresCluster.create();
    const database = templateUrl
      ? await copyTemplateDatabase(templateUrl)
      : await createDatabase(this.ownServer!.url);
    this.dropDatabase = database.drop;
    this.databaseUrl = database.url;
    const handle = await openDatabase({ url: database.url, pgliteDir: '', poolSize: 2 });
    try {
      await handle.migrate();
      if (!templateUrl) await handle.db.transaction((tx) => seedBase(tx));
      const email = async (options = {}) => (await createAccount(handle.db, options)).email;
      this.accounts = {
        clients: [await email(), await email(), await email()],
        superuser: await email(roles.superuser()),
        trader: await email(roles.client()),
        regulator: await email(roles.regulator('KE')),
      };
      await generateRestrictions(handle.db, { restrictions: 400, seed: 35 });
    } finally {
      await handle.close();
    }
  }

  /**
   * One instance as on its own machine: its own port and data directory (no disk shared), the database,
   * bucket, SMTP server and SECRET_KEY shared; nginx (on 127.0.0.1) is the one proxy it trusts.
   */
  async startInstance(name: string, port: number, extraEnv: Record<string, string> = {}) {
    const dataDir = path.join(this.root, name);
    const web = path.join(dataDir, 'web');
    await mkdir(web, { recursive: true });
    await writeFile(path.join(web, 'index.html'), standInIndexHtml);
    const instance = new ServerProcess(`http://127.0.0.1:${port}`, {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: this.balancer.httpsUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: this.databaseUrl,
      DATABASE_POOL_SIZE: '3',
      SECRET_KEY: this.secretKey,
      SEED_DEMO: 'never',
      SMTP_URL: this.smtpUrl,
      TRUST_PROXY: '127.0.0.1',
      UPLOAD_MAX_MB: String(uploadMaxMb),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: web,
      ...this.s3.env,
      ...limits,
      ...extraEnv,
    });
    this.instances.push(instance);
    return instance;
  }

  /** The instance behind an upstream address of the access log. */
  instanceAt(upstream: string): number {
    return this.instances.findIndex((instance) => instance.baseUrl === `http://${upstream}`);
  }

  /**
   * The access log's entries from `mark` (a length of an earlier `accessLog()`) on, once there are
   * `requests` of them: nginx writes a line after the answer has gone out.
   */
  async servedSince(mark: number, requests: number): Promise<AccessEntry[]> {
    const until = Date.now() + 5_000;
    for (;;) {
      const entries = (await this.balancer.accessLog()).slice(mark);
      if (entries.length >= requests) return entries;
      if (Date.now() > until)
        throw new Error(`${requests} requests since the mark, ${entries.length} logged`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** How many requests nginx has logged: a mark for `servedSince`. */
  async mark(): Promise<number> {
    return (await this.balancer.accessLog()).length;
  }

  async stop(): Promise<void> {
    await this.balancer?.stop();
    await Promise.all(this.instances.map((instance) => instance.stop('SIGTERM')));
    await this.mail.stop();
    await this.s3?.stop();
    await this.dropDatabase();
    await this.ownServer?.destroy();
    await rm(this.root, { recursive: true, force: true });
  }
}
