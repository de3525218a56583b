// Test support of the crash suite: the real server as a child process, and a browser-like caller.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../paths.js';

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
    env: Record<string, string>,
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

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for the health check to answer (the server listens); fails with the output if it died. */
  async ready(timeoutMs = 60_000): Promise<void> {
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
      for (const line of this.output.split('\n')) {
        if (!line.startsWith('{') || !line.includes(message)) continue;
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          if (entry.msg === message) return entry;
        } catch {
          // The line is still being written.
        }
      }
      await sleep(100);
    }
    throw new Error(`No "${message}" in the server log:\n${this.output}`);
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

  constructor(public baseUrl: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'x-requested-with': 'XMLHttpRequest',
      'x-csrftoken': this.csrf,
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...extra,
    };
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${url}`, {
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

  /** Host page (csrf from its `data-csrf`), then the login form's call. */
  async signIn(email: string, password: string): Promise<void> {
    const page = await this.fetch('/');
    this.csrf = /data-csrf="([^"]*)"/.exec(await page.text())?.[1] ?? '';
    const response = await this.fetch('/api/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`login failed: ${await response.text()}`);
    this.csrf = ((await response.json()) as { csrf: string }).csrf;
  }

  /**
   * Starts a multipart submission whose one attachment (`fileSize` bytes: a PDF header and padding)
   * is sent in chunks with pauses: the caller kills the server while it is still being sent. The
   * returned promise settles with the status or the connection error.
   */
  streamSlowSubmission(
    fields: Record<string, string>,
    fileSize: number,
    options: { chunk: number; pauseMs: number; chunks: number },
  ): { settled: Promise<number | Error>; sent: Promise<number> } {
    const boundary = `----stp-crash-${randomBytes(8).toString('hex')}`;
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const head = Buffer.from(
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="large-evidence.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const request = http.request(`${this.baseUrl}/api/complaints/`, {
      method: 'POST',
      headers: this.headers({
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + fileSize - 9 + tail.length),
      }),
    });
    const settled = new Promise<number | Error>((resolve) => {
      request.once('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.once('error', resolve);
    });
    const sent = (async () => {
      request.write(head);
      let written = 9;
      for (let i = 0; i < options.chunks && written < fileSize && !request.destroyed; i += 1) {
        const size = Math.min(options.chunk, fileSize - written);
        request.write(Buffer.alloc(size, 0x20));
        written += size;
        await sleep(options.pauseMs);
      }
      return written;
    })();
    return { settled, sent };
  }
}
