import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { insertRestriction } from '../restrictions/test-support.js';
import { xmlText } from './atom.js';

/** An element of a parsed document: its local name, namespace, attributes, children and text. */
interface XmlElement {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * Parses with a real XML 1.0 parser (saxes: well-formedness, characters, entities and namespaces checked);
 * the first error throws.
 */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const top: XmlElement = { name: '#document', ns: '', attrs: {}, children: [], text: '' };
  const open: XmlElement[] = [top];
  parser.on('opentag', (tag) => {
    const attrs = Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value]));
    const element: XmlElement = { name: tag.local, ns: tag.uri, attrs, children: [], text: '' };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    open.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.write(xml).close();
  expect(top.children).toHaveLength(1);
  return top.children[0]!;
}

const atomNs = 'http://www.w3.org/2005/Atom';
const child = (element: XmlElement, name: string) => element.children.find((c) => c.name === name);
const text = (element: XmlElement, name: string) => child(element, name)?.text ?? '';
const link = (element: XmlElement, rel: string) =>
  element.children.find((c) => c.name === 'link' && c.attrs.rel === rel)?.attrs.href ?? '';

/** A feed read and parsed: every element in the Atom namespace, the RFC 4287 parts each present. */
async function feed(client: TestClient, url: string) {
  const response = await client.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  const root = parseXml(response.body);
  expect(root.name).toBe('feed');
  expect(root.ns).toBe(atomNs);
  for (const name of ['id', 'title', 'updated', 'author']) expect(child(root, name), name).toBeDefined();
  expect(link(root, 'self')).toMatch(/^http:\/\/portal\.test\/api\/feeds\//);
  expect(link(root, 'alternate')).toMatch(/^http:\/\/portal\.test\/public\//);
  const entries = root.children
    .filter((c) => c.name === 'entry')
    .map((entry) => {
      for (const name of ['id', 'title', 'updated', 'summary'])
        expect(child(entry, name), name).toBeDefined();
      expect(text(child(entry, 'author')!, 'name')).not.toBe('');
      return {
        id: text(entry, 'id'),
        title: text(entry, 'title'),
        updated: text(entry, 'updated'),
        link: link(entry, 'alternate'),
        summary: text(entry, 'summary'),
        term: child(entry, 'category')?.attrs.term,
      };
    });
  // Newest first, and the feed as new as its newest entry.
  const times = entries.map((entry) => Date.parse(entry.updated));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  if (entries.length) expect(text(root, 'updated')).toBe(entries[0]!.updated);
  return { response, root, entries, lang: root.attrs['xml:lang'] };
}

const hostile = 'Fees & <taxes> "quoted" ]]> \u0001\u0008\u000b\ufffe end';

let ctx: TestContext;
let staff: TestClient;
let visitor: TestClient;
const ids: Record<'alpha' | 'hostile' | 'gamma' | 'hidden' | 'other', number> = {} as never;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const made = {
    alpha: await insertRestriction(ctx.db, {
      title: 'Feed alpha licence',
      titleFr: 'Licence alpha du flux',
      countryCode: 'KE',
      modesOfSupply: ['mode_3'],
      status: 'in_force',
    }),
    hostile: await insertRestriction(ctx.db, {
      title: hostile,
      countryCode: 'KE',
      modesOfSupply: ['mode_3'],
    }),
    gamma: await insertRestriction(ctx.db, {
      title: 'Feed gamma',
      countryCode: 'KE',
      modesOfSupply: ['mode_3'],
    }),
    hidden: await insertRestriction(ctx.db, {
      title: 'Feed hidden',
      countryCode: 'KE',
      modesOfSupply: ['mode_3'],
      active: false,
    }),
    other: await insertRestriction(ctx.db, {
      title: 'Feed other',
      countryCode: 'UG',
      modesOfSupply: ['mode_3'],
    }),
  };
  for (const [key, row] of Object.entries(made)) {
    ids[key as keyof typeof ids] = row.id;
    slugs[key] = row.slug;
  }
  staff = await ctx.signedIn([], { superuser: true });
  visitor = ctx.client();
  const changed = await staff.request({
    method: 'PATCH',
    url: `/api/restrictions/${slugs.alpha}/`,
    payload: { status: 'removed' },
  });
  expect(changed.statusCode).toBe(200);
  const archived = await staff.request({
    method: 'POST',
    url: `/api/admin/restrictions/${ids.gamma}/archive/`,
  });
  expect(archived.statusCode).toBe(200);
}, 120_000);
afterAll(() => ctx.close());

/** The feed's entry ids of a filter, as SQL finds them: versions of the restrictions whose page opens. */
async function expectedIds(where: ReturnType<typeof sql>) {
  const result = await ctx.db.execute(sql`select v.restriction_id, v.version from restriction_versions v
    join restrictions r on r.id = v.restriction_id
    where r.active and r.deleted_on is null and ${where}
    order by v.changed_at desc, v.id desc limit 50`);
  return (result as { rows: { restriction_id: number; version: number }[] }).rows.map(
    (row) => `tag:portal.test,2026:restriction/${row.restriction_id}/version/${row.version}`,
  );
}

describe('GET /api/feeds/restrictions/', () => {
  it("answers a browse filter's changes as Atom 1.0, newest first, the entries SQL finds", async () => {
    const { response, root, entries, lang } = await feed(
      visitor,
      '/api/feeds/restrictions/?country=KE&mode_of_supply=mode_3',
    );
    expect(lang).toBe('en');
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['last-modified']).toBe(new Date(text(root, 'updated')).toUTCString());
    expect(entries.map((entry) => entry.id)).toEqual(
      await expectedIds(sql`r.country_code = 'KE' and r.modes_of_supply && array['mode_3']`),
    );
    expect(entries.map((entry) => entry.term)).toEqual([
      'archived',
      'updated',
      'created',
      'created',
      'created',
    ]);
    const alpha = entries.find((entry) => entry.title === 'Updated: Feed alpha licence')!;
    expect(alpha.summary).toBe('Changed: Status: In force → Removed.');
    expect(alpha.link).toBe(`http://portal.test/public/restriction/${slugs.alpha}?lang=en`);
    expect(text(root, 'title')).toBe('Changes to restrictions: Kenya · Mode 3: Commercial presence');
    expect(link(root, 'alternate')).toBe(
      'http://portal.test/public/browse?country=KE&mode_of_supply=mode_3&lang=en',
    );
    // Every entry's page opens (archived ones too), and no entry is of a restriction that does not.
    for (const entry of entries) {
      const slug = /\/public\/restriction\/([^?]+)/.exec(entry.link)![1]!;
      expect((await visitor.request({ url: `/api/restrictions/${slug}/` })).statusCode).toBe(200);
    }
    expect(entries.some((entry) => entry.title.includes('Feed hidden'))).toBe(false);
    expect(entries.some((entry) => entry.title.includes('Feed other'))).toBe(false);
  });

  it('lists an archived restriction as an archived change, though the browse list leaves it out', async () => {
    const { entries } = await feed(visitor, '/api/feeds/restrictions/?country=KE');
    const archived = entries.filter((entry) => entry.term === 'archived');
    expect(archived.map((entry) => entry.title)).toEqual(['Archived: Feed gamma']);
    expect(archived[0]!.link).toContain(slugs.gamma);
    expect(archived[0]!.summary).toMatch(/^Archived: /);
    const list = await visitor.request({ url: '/api/restrictions/?country=KE&page_size=100' });
    const listed = list.json<{ results: { slug: string }[] }>().results.map((row) => row.slug);
    expect(listed).not.toContain(slugs.gamma);
    expect(listed).toContain(slugs.alpha);
  });

  it('speaks French with lang=fr: titles, summaries and links, English text marked "Anglais uniquement"', async () => {
    const { root, entries, lang } = await feed(visitor, '/api/feeds/restrictions/?country=KE&lang=fr');
    expect(lang).toBe('fr');
    expect(text(root, 'title')).toBe('Modifications des restrictions\u202f: Kenya');
    const titles = entries.map((entry) => entry.title);
    expect(titles).toContain('Modifiée\u202f: Licence alpha du flux');
    expect(titles).toContain('Archivée\u202f: Feed gamma (Anglais uniquement)');
    const alpha = entries.find((entry) => entry.title === 'Modifiée\u202f: Licence alpha du flux')!;
    expect(alpha.summary).toBe('Modifié\u202f: Statut\u202f: En vigueur → Supprimée.');
    expect(entries.every((entry) => entry.link.endsWith('?lang=fr'))).toBe(true);
    expect(link(root, 'alternate')).toBe('http://portal.test/public/browse?country=KE&lang=fr');
  });

  it('escapes hostile text and drops the characters XML 1.0 forbids', async () => {
    const { response, entries } = await feed(visitor, '/api/feeds/restrictions/?country=KE');
    const entry = entries.find((row) => row.link.includes(slugs.hostile!))!;
    expect(entry.title).toBe('Created: Fees & <taxes> "quoted" ]]>  end');
    expect(response.body).toContain('Fees &amp; &lt;taxes&gt; &quot;quoted&quot; ]]&gt;');
    expect(xmlText('a\ud800b\u0000c\u{1f600}\u0085')).toBe('abc\u{1f600}\u0085');
    // The parser itself refuses what the feed must never hold.
    expect(() => parseXml('<a>\u0001</a>')).toThrow();
    expect(() => parseXml('<a>&</a>')).toThrow();
  });

  it('refuses bad filters with 422, as the browse list does', async () => {
    for (const query of [
      'country=ZZ',
      'mode_of_supply=mode_9',
      'policy=no-such-area',
      'lang=de',
      'year_from=2010&year_to=2001',
    ]) {
      const response = await visitor.request({ url: `/api/feeds/restrictions/?${query}` });
      expect(response.statusCode, query).toBe(422);
      const browse = await visitor.request({ url: `/api/restrictions/?${query}` });
      expect(response.json<{ errors: object }>().errors, query).toEqual(
        browse.json<{ errors: object }>().errors,
      );
    }
  });

  it('answers 304 to the current ETag, and a new feed after a change', async () => {
    const url = '/api/feeds/restrictions/?country=KE';
    const first = await visitor.request({ url });
    const etag = String(first.headers.etag);
    const again = await visitor.request({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await staff.request({
      method: 'PATCH',
      url: `/api/restrictions/${slugs.alpha}/`,
      payload: { year_introduced: 2004 },
    });
    expect(changed.statusCode).toBe(200);
    const after = await visitor.request({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const entries = parseXml(after.body).children.filter((c) => c.name === 'entry');
    expect(text(entries[0]!, 'summary')).toBe('Changed: Year Measure Was Introduced: (empty) → 2004.');
  });
});

describe('GET /api/feeds/notifications/', () => {
  beforeAll(async () => {
    const base = { status: 'notified', applicability: 'All', requirement: 'A licence' };
    await ctx.db.insert(notifications).values([
      {
        ...base,
        slug: 'feed-ke-1',
        reference: 'EAC/KE/1',
        countryCode: 'KE',
        notificationDate: '2025-03-15',
        descriptionOfMeasure: 'Engineers need a licence.',
        descriptionOfMeasureFr: 'Les ingénieurs doivent avoir une licence.',
      },
      {
        ...base,
        slug: 'feed-ke-2',
        reference: 'EAC/KE/2',
        countryCode: 'KE',
        notificationDate: '2025-04-01',
        descriptionOfMeasure: 'Auditors & <accountants> register.',
        status: 'in_force',
      },
      {
        ...base,
        slug: 'feed-ke-draft',
        reference: 'EAC/KE/3',
        countryCode: 'KE',
        notificationDate: '2025-04-02',
        descriptionOfMeasure: 'Draft.',
        status: 'draft',
      },
      {
        ...base,
        slug: 'feed-ug-1',
        reference: 'EAC/UG/1',
        countryCode: 'UG',
        notificationDate: '2025-04-03',
        descriptionOfMeasure: 'Uganda measure.',
      },
    ]);
    await ctx.db.execute(
      sql`update notifications set updated_at = now() + interval '1 minute' where slug = 'feed-ke-1'`,
    );
  });

  it("answers a partner state's published notifications, the latest changed first", async () => {
    const { root, entries, lang } = await feed(visitor, '/api/feeds/notifications/?country=ke');
    expect(lang).toBe('en');
    expect(text(root, 'title')).toBe('Notifications of measures: Kenya');
    expect(link(root, 'alternate')).toBe('http://portal.test/public/notifications?country=KE&lang=en');
    expect(entries.map((entry) => entry.title)).toEqual([
      'EAC/KE/1: Kenya · Notified',
      'EAC/KE/2: Kenya · In force',
    ]);
    expect(entries[0]!.link).toBe('http://portal.test/public/notifications?notification=feed-ke-1&lang=en');
    expect(entries[0]!.summary).toBe('15 March 2025. Engineers need a licence.');
    expect(entries[1]!.summary).toBe('1 April 2025. Auditors & <accountants> register.');
    const all = await feed(visitor, '/api/feeds/notifications/');
    expect(all.entries.map((entry) => entry.title)).toContain('EAC/UG/1: Uganda · Notified');
    expect(all.entries.some((entry) => entry.title.startsWith('EAC/KE/3'))).toBe(false);
  });

  it('speaks French with lang=fr, English descriptions marked', async () => {
    const { entries, lang } = await feed(visitor, '/api/feeds/notifications/?country=KE&lang=fr');
    expect(lang).toBe('fr');
    expect(entries[0]!.title).toBe('EAC/KE/1\u202f: Kenya · Notifiée');
    expect(entries[0]!.summary).toBe('15 mars 2025. Les ingénieurs doivent avoir une licence.');
    expect(entries[1]!.summary).toBe('1 avril 2025. Auditors & <accountants> register. (Anglais uniquement)');
  });

  it('refuses an unknown country and bad filters with 422', async () => {
    for (const query of ['country=ZZ', 'from=2020-13-40', 'status=draft', 'lang=de']) {
      const response = await visitor.request({ url: `/api/feeds/notifications/?${query}` });
      expect(response.statusCode, query).toBe(422);
    }
  });
});
