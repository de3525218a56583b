// Test support for suites that need a real server process (crash, outage): the server from source in
// a child process, a browser-like caller with cookies and the csrf value, and a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../paths.js';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `main.ts start` from source in a child process; its JSON log lines are kept for the assertions. */
export class ServerProcess {
  output = '';
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(
    readonly baseUrl: string,
    // An undefined value leaves the variable out of the child's environment.
    env: Record<string, string | undefined>,
  ) {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(repoRoot, 'apps/server/src/main.ts'), 'start'],
      { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** The process id (with WORKERS > 1, the primary's). */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Waits for the health check to answer (the server listens); fails with the output if it died. A start
   * from source compiles every module with tsx and migrates both schemas: 40 s on a loaded 2-core machine.
   */
  async ready(timeoutMs = 150_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.running) throw new Error(`The server exited during start:\n${this.output}`);
      const ok = await fetch(`${this.baseUrl}/api/health/`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await sleep(200);
    }
    throw new Error(`The server did not start in time:\n${this.output}`);
  }

  /** The first JSON log entry with this message (waits for it). */
  async logEntry(message: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const entry = this.logEntries(message)[0];
      if (entry) return entry;
      await sleep(100);
    }
    throw new Error(`No "${message}" in the server log:\n${this.output}`);
  }

  /** Every complete JSON log entry with this message so far. */
  logEntries(message: string): Record<string, unknown>[] {
    const entries: Record<string, unknown>[] = [];
    for (const line of this.output.split('\n')) {
      if (!line.startsWith('{') || !line.includes(message)) continue;
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg === message) entries.push(entry);
      } catch {
        // The line is still being written.
      }
    }
    return entries;
  }

  /** Sends the signal and waits for the process to be gone. */
  async stop(signal: NodeJS.Signals): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }
}

/** A caller with the cookies and csrf value of a signed-in browser. */
export class PortalSession {
  private readonly cookies = new Map<string, string>();
  private csrf = '';

  /** `send`: another fetch (nginx-balancer.ts's, over HTTPS from a chosen local address). */
  constructor(
    public baseUrl: string,
    private readonly send: typeof fetch = fetch,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'x-requested-with': 'XMLHttpRequest',
      'x-csrftoken': this.csrf,
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...extra,
    };
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await this.send(`${this.baseUrl}${url}`, {
      ...init,
      headers: this.headers(init.headers as Record<string, string>),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** A JSON call (POST by default). */
  json(url: string, body: unknown, method = 'POST'): Promise<Response> {
    return this.fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Opens the host page as a visitor: its csrf value (`data-csrf`) and cookie are kept. */
  async visit(): Promise<void> {
    const page = await this.fetch('/');
    this.csrf = /data-csrf="([^"]*)"/.exec(await page.text())?.[1] ?? '';
  }

  /** Host page (csrf from its `data-csrf`), then the login form's call. */
  async signIn(email: string, password: string): Promise<void> {
    await this.visit();
    const response = await this.json('/api/auth/login/', { email, password });
    if (response.status !== 200) throw new Error(`login failed: ${await response.text()}`);
    this.csrf = ((await response.json()) as { csrf: string }).csrf;
  }
}

/** Settles with the HTTP status and body, or with the connection error (a killed server). */
export function outcome(request: Promise<Response>): Promise<{ status: number; body: string } | Error> {
  return request
    .then(async (response) => ({ status: response.status, body: await response.text() }))
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}
