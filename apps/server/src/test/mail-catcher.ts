import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process: the mailer talks SMTP to it, tests read what arrived. */
export class MailCatcher {
  readonly messages: ParsedMail[] = [];
  /** Each message as it came over SMTP, headers and encoded parts unparsed. */
  private readonly sources = new WeakMap<ParsedMail, string>();
  private readonly server: SMTPServer;
  private waiters: (() => void)[] = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const source = Buffer.concat(chunks);
          simpleParser(source)
            .then((mail) => {
              this.sources.set(mail, source.toString('utf8'));
              this.messages.push(mail);
              for (const wake of this.waiters.splice(0)) wake();
              callback();
            })
            .catch(callback);
        });
      },
    });
  }

  /** Listens on `port` (a free one when 0); resolves to the SMTP URL to configure. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  /** The newest message to this address (with this subject when given), waiting for it if needed. */
  async waitFor(to: string, timeoutMs = 5_000, subject?: string): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.messages]
        .reverse()
        .find(
          (mail) =>
            mail.to &&
            JSON.stringify(mail.to).includes(to) &&
            (subject === undefined || mail.subject === subject),
        );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** The raw message as the SMTP server received it (headers and MIME parts, still encoded). */
  source(mail: ParsedMail): string {
    const source = this.sources.get(mail);
    if (source === undefined) throw new Error('Not a message of this catcher');
    return source;
  }

  /** The first link in a message's text that contains `part`. */
  static link(mail: ParsedMail, part: string): string {
    const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(part));
    if (!link) throw new Error(`No link with ${part} in: ${mail.text}`);
    return link;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
