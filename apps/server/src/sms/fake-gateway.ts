import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in gateway received, as the tests assert it. */
export interface GatewayRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/**
 * A stand-in for Africa's Talking's messaging API on 127.0.0.1 (tests only): records every request
 * and answers like the real one, or with a failure when `failWith` is set.
 */
export class FakeSmsGateway {
  readonly requests: GatewayRequest[] = [];
  failWith: number | null = null;
  private server: Server | null = null;
  private sequence = 0;

  /** Starts listening on a free port; resolves to the messaging URL to configure. */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        this.requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          form,
        });
        if (this.failWith) {
          response.writeHead(this.failWith, { 'content-type': 'text/plain' }).end('The gateway is down');
          return;
        }
        this.sequence += 1;
        const body = {
          SMSMessageData: {
            Message: 'Sent to 1/1 Total Cost: KES 0.8000',
            Recipients: [
              {
                statusCode: 101,
                number: form.to,
                status: 'Success',
                cost: 'KES 0.8000',
                messageId: `ATXid_test_${this.sequence}`,
              },
            ],
          },
        };
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/version1/messaging`;
  }

  /**
   * The first request from index `since` on that delivers a message to `to`, waiting up to `timeoutMs`
   * (replies leave after the webhook has answered); null when none came.
   */
  async replyTo(to: string, since: number, timeoutMs: number): Promise<GatewayRequest | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const reply = this.requests.slice(since).find((request) => request.form.to === to);
      if (reply) return reply;
      if (Date.now() > until) return null;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
