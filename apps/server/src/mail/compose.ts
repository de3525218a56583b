import type { MailMessage } from './mailer.js';
import { mailSafe, type UserText } from './mail-text.js';

export type Locale = 'en' | 'fr';

/** A paragraph of the mail's own words, or one a user wrote (shown through `mailSafe`). */
export type Paragraph = string | UserText;

export interface MailContent {
  to: string;
  locale: Locale;
  subject: string;
  /** The recipient's name as stored: user text, always shown through `mailSafe`. */
  name: string;
  paragraphs: Paragraph[];
  link: { label: string; url: string };
  /** A list of links after the paragraphs (a digest's items): the portal's own words and addresses only. */
  items?: { label: string; url: string }[];
  /** Paragraphs after the link line. */
  closing?: Paragraph[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const portal = { en: 'Services Trade Portal', fr: 'Portail du commerce des services' };

const plain = (paragraph: Paragraph) =>
  typeof paragraph === 'string' ? paragraph : mailSafe(paragraph.userText);

/**
 * Every mail of the portal: plain text and HTML from the same paragraphs, a greeting, one link and the
 * portal's signature. The one place user text enters a mail, so the one place it is made safe.
 */
export function composeMail(content: MailContent): MailMessage {
  const { locale, link } = content;
  const name = mailSafe(content.name);
  const greeting = locale === 'fr' ? `Bonjour ${name},` : `Hello ${name},`;
  const before = content.paragraphs.map(plain);
  const after = (content.closing ?? []).map(plain);
  const text = [
    greeting,
    '',
    ...before.flatMap((p) => [p, '']),
    ...(content.items?.length ? [...content.items.map((item) => `- ${item.label}: ${item.url}`), ''] : []),
    `${link.label}: ${link.url}`,
    '',
    ...after.flatMap((p) => [p, '']),
    portal[locale],
  ].join('\n');
  const paragraph = (p: string) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const html = [
    paragraph(greeting),
    ...before.map(paragraph),
    ...(content.items?.length
      ? [
          `<ul>${content.items.map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.label)}</a></li>`).join('')}</ul>`,
        ]
      : []),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...after.map(paragraph),
    `<p>${portal[locale]}</p>`,
  ].join('');
  return { to: content.to, subject: content.subject, text, html };
}
