// The shipped nginx configuration (deploy/nginx/services-trade-portal.conf) run for real in front of
// test instances: the file is rendered with this run's ports, certificate, log directory and upstream
// servers, nothing else changed, and started unprivileged with `nginx -p <dir> -c <conf>`. Used by
// two-instances.test.ts and bench/load.mjs (`--instances 2`). Imports only Node's modules, so the
// bench loads it through tsx as it is.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.js';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** The shipped site file. */
export const siteTemplatePath = path.join(repoRoot, 'deploy/nginx/services-trade-portal.conf');

/** Form fields and multipart framing on top of the attachments (the template's comment says why). */
const formAllowanceMb = 6;
/** nginx's `client_max_body_size` for a complaint of `files` attachments of `uploadMaxMb` each. */
export const bodyLimitMb = (files: number, uploadMaxMb: number) => files * uploadMaxMb + formAllowanceMb;

export interface SiteOptions {
  /** host:port of each instance, in the upstream's order. */
  upstreams: string[];
  httpPort: number;
  httpsPort: number;
  certificate: string;
  key: string;
  /** Directory of the access and error logs (the template's /var/log/nginx/). */
  logDir: string;
  /** `client_max_body_size` in MB. */
  bodyLimitMb: number;
  /** Loopback address nginx listens on. */
  host?: string;
}

/** Replaces every match of `pattern` (at least one must exist: the template changed shape otherwise). */
function rewrite(text: string, pattern: RegExp, replacement: string | ((match: string) => string)): string {
  if (!pattern.test(text)) throw new Error(`${siteTemplatePath}: no line matches ${pattern}`);
  return text.replace(pattern, replacement as string);
}

/** The template with this run's ports, certificate, logs, body limit and upstream servers. */
export function renderSite(template: string, options: SiteOptions): string {
  const host = options.host ?? '127.0.0.1';
  let text = template;
  // The upstream's server lines: one per instance, with the template's parameters.
  text = rewrite(text, /((?:^ {4}server \S+:\d+[^;\n]*;\n)+)/m, (block) => {
    const parameters = /^ {4}server \S+:\d+([^;\n]*);/m.exec(block)?.[1] ?? '';
    return options.upstreams.map((address) => `    server ${address}${parameters};\n`).join('');
  });
  text = rewrite(text, /^ {4}listen \[::\]:\d+[^;]*;\n/gm, '');
  text = rewrite(text, /^( {4}listen )80;/m, `$1${host}:${options.httpPort};`);
  text = rewrite(text, /^( {4}listen )443( ssl http2;)/m, `$1${host}:${options.httpsPort}$2`);
  text = rewrite(text, /^( {4}ssl_certificate )\S+;/m, `$1${options.certificate};`);
  text = rewrite(text, /^( {4}ssl_certificate_key )\S+;/m, `$1${options.key};`);
  text = rewrite(text, /\/var\/log\/nginx\//g, `${options.logDir}/`);
  text = rewrite(text, /^( {4}client_max_body_size )\d+m;/m, `$1${options.bodyLimitMb}m;`);
  return text;
}

/** The `client_max_body_size` of the template, in MB. */
export function templateBodyLimitMb(template: string): number {
  const value = /^ {4}client_max_body_size (\d+)m;/m.exec(template)?.[1];
  if (!value) throw new Error(`${siteTemplatePath}: no client_max_body_size`);
  return Number(value);
}

/** The nginx binary, or an error that says how to install it (no test skips for want of it). */
export function findNginx(): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']) {
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  throw new Error('nginx not found: install it (Debian: apt-get install -y nginx; .ci/run does)');
}

/** One line of the access log (log_format stp_upstream). */
export interface AccessEntry {
  client: string;
  request: string;
  status: number;
  /** The instance(s) that answered, as nginx tried them (`a, b` after a retry). */
  upstream: string;
}

/** nginx in front of the given instances, TLS with a certificate made for this run. */
export class NginxBalancer {
  private constructor(
    private readonly dir: string,
    private readonly child: ChildProcess,
    /** https://127.0.0.1:<port> */
    readonly httpsUrl: string,
    /** http://127.0.0.1:<port> (the redirect to HTTPS) */
    readonly httpUrl: string,
    /** The certificate of this run (PEM): trust it to call `httpsUrl`. */
    readonly ca: string,
    /** The rendered site file. */
    readonly site: string,
    private output: { text: string },
  ) {}

  /** Renders the shipped site for `upstreams` and starts nginx; resolves once it answers. */
  static async start(options: { upstreams: string[]; uploadMaxMb: number }): Promise<NginxBalancer> {
    const nginx = findNginx();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stp-nginx-'));
    // nginx started by root runs its workers as nobody: they must reach the temp folders below.
    await chmod(dir, 0o755);
    const certificate = path.join(dir, 'portal.pem');
    const key = path.join(dir, 'portal.key');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ]);
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const template = await readFile(siteTemplatePath, 'utf8');
    const site = renderSite(template, {
      upstreams: options.upstreams,
      httpPort,
      httpsPort,
      certificate,
      key,
      logDir: dir,
      bodyLimitMb: bodyLimitMb(10, options.uploadMaxMb),
    });
    await writeFile(path.join(dir, 'site.conf'), site);
    // What Debian's /etc/nginx/nginx.conf gives a site, with every path in this run's directory.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((name) => `  ${name}_temp_path ${path.join(dir, `${name}_temp`)};`)
      .join('\n');
    const main = [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  default_type application/octet-stream;',
      `  access_log ${path.join(dir, 'access.log')};`,
      temp,
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n');
    await writeFile(path.join(dir, 'nginx.conf'), main);
    const output = { text: '' };
    const conf = path.join(dir, 'nginx.conf');
    // -e: the error log before the configuration is read (the default path needs root).
    const check = await run(nginx, ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf]).catch(
      (error: Error & { stderr?: string }) => {
        throw new Error(`nginx -t refused the rendered site:\n${error.stderr ?? error.message}\n${site}`);
      },
    );
    output.text += check.stderr;
    const child = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    const ca = await readFile(certificate, 'utf8');
    const balancer = new NginxBalancer(
      dir,
      child,
      `https://127.0.0.1:${httpsPort}`,
      `http://127.0.0.1:${httpPort}`,
      ca,
      site,
      output,
    );
    await balancer.waitUntilListening();
    return balancer;
  }

  private async waitUntilListening(): Promise<void> {
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      if (this.child.exitCode !== null) throw new Error(`nginx exited:\n${this.output.text}`);
      const open = await new Promise<boolean>((resolve) => {
        const socket = net.connect(Number(new URL(this.httpsUrl).port), '127.0.0.1');
        socket.once('connect', () => resolve(socket.end() && true));
        socket.once('error', () => resolve(false));
      });
      if (open) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx did not listen in 15 s:\n${this.output.text}`);
  }

  /** nginx's master process. */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Every line of the site's access log so far. */
  async accessLog(): Promise<AccessEntry[]> {
    const text = await readFile(path.join(this.dir, 'services-trade-portal.access.log'), 'utf8').catch(
      () => '',
    );
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const match = /^(\S+) \[[^\]]*\] "([^"]*)" (\d+) \d+ upstream=(.*?) upstream_status=/.exec(line);
        if (!match) throw new Error(`Unexpected access log line: ${line}`);
        return { client: match[1]!, request: match[2]!, status: Number(match[3]), upstream: match[4]! };
      });
  }

  /** nginx's error log (the site's): what it said about its upstreams. */
  errorLog(): Promise<string> {
    return readFile(path.join(this.dir, 'services-trade-portal.error.log'), 'utf8').catch(() => '');
  }

  /** A `fetch` over HTTPS to this balancer from a loopback address of the caller's choice (127.0.0.x). */
  fetchFrom(localAddress = '127.0.0.1'): typeof fetch {
    return (input, init = {}) => {
      const url = input instanceof Request ? input.url : input.toString();
      return httpsFetch(url, init, { ca: this.ca, localAddress });
    };
  }

  /** Stops nginx (a fast shutdown) and removes its directory. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * A minimal `fetch` on node:https, for what the global one cannot do without undici: trust one
 * certificate and leave from a chosen local address (so nginx sees distinct clients).
 */
async function httpsFetch(
  url: string,
  init: RequestInit,
  options: { ca: string; localAddress: string },
): Promise<Response> {
  // The body (a FormData or a string) as bytes, with the content type the platform gives it.
  const prepared = init.body === undefined || init.body === null ? undefined : new Request(url, init);
  const body = prepared ? Buffer.from(await prepared.arrayBuffer()) : undefined;
  const headers = new Headers(init.headers);
  const contentType = prepared?.headers.get('content-type');
  if (contentType && !headers.has('content-type')) headers.set('content-type', contentType);
  if (body) headers.set('content-length', String(body.length));
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers),
        ca: options.ca,
        localAddress: options.localAddress,
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('error', reject);
        answer.once('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            for (const item of Array.isArray(value) ? value : [value ?? ''])
              responseHeaders.append(name, item);
          }
          const status = answer.statusCode ?? 0;
          const payload = [204, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(payload, { status, headers: responseHeaders }));
        });
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}
