import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { loadOnce } from '../lib/load-once.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (an alert's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string;
  from: string;
  outboxDir: string;
  log: (line: string) => void;
}

/** nodemailer, loaded at the first message sent (not by the start). */
const loadNodemailer = loadOnce(async () => (await import('nodemailer')).default);

/** The transport `make` builds, made at the first message; `close` closes it if it was made. */
function onFirstSend(make: (nodemailer: Awaited<ReturnType<typeof loadNodemailer>>) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= loadNodemailer().then(make)),
    close: () => void transport?.then((made) => made.close()).catch(() => undefined),
  };
}

/**
 * nodemailer with SMTP_URL when set; otherwise the outbox transport, which renders the real message
 * and writes it to `var/mail/*.eml` so registration works on a bare machine.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: a hung mail server fails the attempt (the outbox retries it) well before the
    // delivery job's expiry (DELIVERY_EXPIRE_SECONDS, 120 s by default) hands it to another worker.
    const transport = onFirstSend((nodemailer) =>
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    return {
      async send(message) {
        await (await transport.get()).sendMail({ from: options.from, ...message });
      },
      close: transport.close,
    };
  }
  const transport = onFirstSend((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      options.log(
        `Mail to ${message.to} ("${message.subject}") written to ${file}${link ? `; link: ${link}` : ''}`,
      );
    },
    close: transport.close,
  };
}
