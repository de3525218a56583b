import { inject } from 'vitest';

/** A mail the SMTP catcher of global-setup received. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** An alert's List-Unsubscribe address and List-Unsubscribe-Post value (RFC 8058); null otherwise. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
}

/**
 * The newest mail to `address` (and, when given, `matching`), waiting for it to arrive (the server sends
 * after it answers). Give `matching` when an earlier mail to the same address may still be in the
 * catcher: a spec that ran before in the same shard may have written to the same demo account.
 */
export async function waitForMail(
  address: string,
  timeoutMs = 10_000,
  matching: (mail: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(inject('mailUrl'))).json()) as CaughtMail[];
    const found = mails.reverse().find((mail) => mail.to.includes(address.toLowerCase()) && matching(mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link of the mail's text whose path starts with `pathPrefix`. */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No link to ${pathPrefix} in: ${mail.text}`);
  return link;
}
