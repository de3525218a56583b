import http from 'node:http';
import type { TestProject } from 'vitest/node';
import { MailCatcher } from '../../apps/server/src/test/mail-catcher.js';
import { startPortal } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** `GET` answers every mail the SMTP catcher received so far, oldest first (see support/mail.ts). */
    mailUrl: string;
    /** Wrong sign-ins one account may make before the server answers 429 (config.ts default). */
    loginsPerAccount: number;
  }
}

// Sign-ins one account may make in 15 minutes (the server's default is 10, config.ts). Every spec
// signs a demo account in, and the admin specs alone sign admin@ in more than ten times within
// 15 minutes, so the run allows more; the 429 spec reads the count from here.
const loginsPerAccount = 40;

/** The caught mails over HTTP: the specs run in workers, the SMTP catcher lives in this process. */
async function serveMail(mail: MailCatcher): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    const list = mail.messages.map((message) => ({
      to: [message.to ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? '')),
      subject: message.subject ?? '',
      text: message.text ?? '',
      // An alert's RFC 8058 headers, unfolded from the message as it came over SMTP.
      listUnsubscribe: /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail.source(message))?.[1] ?? null,
      listUnsubscribePost: /^List-Unsubscribe-Post:\s*(.+)$/m.exec(mail.source(message))?.[1]?.trim() ?? null,
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Starts the built app (support/server.ts) with a real SMTP server, shared by the specs of this process. */
export default async function setup(project: TestProject) {
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const mailbox = await serveMail(mail);
  const portal = await startPortal({
    SMTP_URL: smtpUrl,
    // The per-account login limit keeps its meaning for the 429 spec, with room for the whole suite.
    RATE_LIMIT_LOGIN_ACCOUNT: `${loginsPerAccount}/15m`,
  });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('mailUrl', mailbox.url);
  project.provide('loginsPerAccount', loginsPerAccount);

  return async () => {
    await portal.stop();
    await mailbox.close();
    await mail.stop();
  };
}
