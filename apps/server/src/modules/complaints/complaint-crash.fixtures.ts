// Test support of the complaint crash suite: the shared server-process fixtures (now in
// src/test/server-process.ts, re-exported here) and a caller that streams a slow submission.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { PortalSession as BasePortalSession, sleep } from '../../test/server-process.js';

export { freePort, ServerProcess, sleep } from '../../test/server-process.js';

/** The shared signed-in caller, plus a multipart submission sent slowly. */
export class PortalSession extends BasePortalSession {
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
