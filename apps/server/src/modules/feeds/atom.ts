// Atom 1.0 documents (RFC 4287) as text: every value escaped, and stripped of what XML 1.0 forbids.

/** Code points XML 1.0 does not allow in a document (control characters, lone surrogates, U+FFFE/F). */
const forbidden = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A text as XML character data or an attribute value: forbidden characters dropped, markup escaped. */
export function xmlText(value: string): string {
  return value
    .replace(forbidden, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A person or office credited with a feed or an entry. */
export interface AtomPerson {
  name: string;
  uri?: string;
}

export interface AtomEntry {
  /** A permanent IRI (a tag: URI): the same change keeps it in every language and every filter. */
  id: string;
  title: string;
  updated: Date;
  published?: Date;
  /** The public page of the record. */
  link: string;
  summary: string;
  author: AtomPerson;
  /** The kind of change (`created`, `updated`, ...), with its label in the feed's language. */
  category?: { term: string; label: string };
}

export interface AtomFeed {
  id: string;
  /** `en` or `fr`: the feed's xml:lang. */
  lang: string;
  title: string;
  subtitle?: string;
  /** The address the feed was read at. */
  self: string;
  /** The public page the feed follows (the browse list or the notifications with the same filters). */
  alternate: string;
  author: AtomPerson;
  entries: AtomEntry[];
}

/** RFC 3339 in UTC, whole seconds. */
export const atomDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** The feed's `updated`: its newest entry's; an empty feed has had nothing to say since the epoch. */
export function feedUpdated(entries: AtomEntry[]): Date {
  let newest = 0;
  for (const entry of entries) newest = Math.max(newest, entry.updated.getTime());
  return new Date(newest);
}

const person = (tag: string, who: AtomPerson) =>
  `<${tag}><name>${xmlText(who.name)}</name>${who.uri ? `<uri>${xmlText(who.uri)}</uri>` : ''}</${tag}>`;

function entryXml(entry: AtomEntry): string {
  return [
    '<entry>',
    `<id>${xmlText(entry.id)}</id>`,
    `<title type="text">${xmlText(entry.title)}</title>`,
    `<updated>${atomDate(entry.updated)}</updated>`,
    entry.published ? `<published>${atomDate(entry.published)}</published>` : '',
    `<link rel="alternate" type="text/html" href="${xmlText(entry.link)}"/>`,
    entry.category
      ? `<category term="${xmlText(entry.category.term)}" label="${xmlText(entry.category.label)}"/>`
      : '',
    `<summary type="text">${xmlText(entry.summary)}</summary>`,
    person('author', entry.author),
    '</entry>',
  ].join('');
}

/** The whole document, UTF-8, one entry a line. */
export function atomXml(feed: AtomFeed): string {
  const head = [
    `<id>${xmlText(feed.id)}</id>`,
    `<title type="text">${xmlText(feed.title)}</title>`,
    feed.subtitle ? `<subtitle type="text">${xmlText(feed.subtitle)}</subtitle>` : '',
    `<updated>${atomDate(feedUpdated(feed.entries))}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(feed.alternate)}"/>`,
    person('author', feed.author),
  ].join('');
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xmlText(feed.lang)}">${head}`,
    ...feed.entries.map(entryXml),
    '</feed>',
    '',
  ].join('\n');
}
