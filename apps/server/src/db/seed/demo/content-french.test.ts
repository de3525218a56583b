// The demo publications, content pages, reports and indicators in French (issue 33 item 5): every text
// has its French, written as French is (a narrow no-break space before : ; ? !, the typographic apostrophe).
import { describe, expect, it } from 'vitest';
import { indicatorSpecs } from './catalogue.js';
import { contentPages } from './content-pages.js';
import { reportSpecs } from './portal.js';
import { publicationTexts } from './publication-texts.js';

type Pair = { name: string; en: string; fr: string };

const pairs: Pair[] = [
  ...publicationTexts.flatMap((p) => [
    { name: `publication ${p.slug} title`, en: p.titleEn, fr: p.titleFr },
    { name: `publication ${p.slug} summary`, en: p.summaryEn, fr: p.summaryFr },
  ]),
  ...contentPages.flatMap((p) => [
    { name: `page ${p.slug} title`, en: p.titleEn, fr: p.titleFr },
    { name: `page ${p.slug} content`, en: p.contentEn, fr: p.contentFr },
  ]),
  ...reportSpecs.flatMap((r) => [
    { name: `report ${r.slug} title`, en: r.titleEn, fr: r.titleFr },
    { name: `report ${r.slug} description`, en: r.descriptionEn, fr: r.descriptionFr },
    ...(r.insight
      ? [
          { name: `insight ${r.slug} title`, en: r.insight.titleEn, fr: r.insight.titleFr },
          { name: `insight ${r.slug} summary`, en: r.insight.summaryEn, fr: r.insight.summaryFr },
        ]
      : []),
  ]),
  ...indicatorSpecs.flatMap((i) => [
    { name: `indicator ${i.slug} title`, en: i.titleEn, fr: i.titleFr },
    { name: `indicator ${i.slug} description`, en: i.descriptionEn, fr: i.descriptionFr },
  ]),
];

/** The text a reader sees: HTML tags and their attributes left out. */
const visible = (text: string) => text.replace(/<[^>]*>/g, ' ');

describe('the demo content in French', () => {
  it('has a French text for every English one, not a copy of it', () => {
    expect(pairs.length).toBeGreaterThan(30);
    const missing = pairs.filter((p) => p.en.trim() !== '' && (p.fr.trim() === '' || p.fr === p.en));
    expect(missing.map((p) => p.name)).toEqual([]);
  });

  it('writes French punctuation the French way', () => {
    const faults = pairs.flatMap((p) => {
      const text = visible(p.fr);
      const found: string[] = [];
      // A high punctuation mark takes a narrow no-break space before it, never a plain or no space.
      for (const match of text.matchAll(/(.)([:;?!])(?=\s|$)/gu))
        if (match[1] !== '\u202f') found.push(`${p.name}: “${match[0]}”`);
      if (/'/.test(text)) found.push(`${p.name}: straight apostrophe`);
      return found;
    });
    expect(faults).toEqual([]);
  });
});
