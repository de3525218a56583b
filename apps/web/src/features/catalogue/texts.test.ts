import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale, i18n } from '../../i18n/index.js';
import './texts.js';
import './browse-texts.js';
import './restriction-texts.js';
import './sector-overview-texts.js';
import './sectors-texts.js';
import shared from './i18n/fr.json';
import browse from './i18n/browse.fr.json';
import restriction from './i18n/restriction.fr.json';
import sectorOverview from './i18n/sector-overview.fr.json';
import sectors from './i18n/sectors.fr.json';

afterEach(async () => {
  await applyLocale('en');
});

describe("the catalogue's texts, each part in its screen's chunk", () => {
  it('speak English', () => {
    expect(i18n.t('catalogue.sector.yes')).toBe('Yes');
    expect(i18n.t('catalogue.browse.downloadCsv')).toBe('Download CSV');
    expect(i18n.t('catalogue.restriction.print')).toBe('Print');
    expect(i18n.t('catalogue.sector.facts', { sector: 'Banking' })).toBe('Banking at a glance');
    expect(i18n.t('catalogue.sectors.expandAll')).toBe('Expand all');
  });

  it("speak French once French is on: every part's French chunk is fetched", async () => {
    await applyLocale('fr');
    expect(i18n.t('catalogue.sector.yes')).toBe(shared.catalogue.sector.yes);
    expect(i18n.t('catalogue.browse.downloadCsv')).toBe(browse.catalogue.browse.downloadCsv);
    expect(i18n.t('catalogue.restriction.print')).toBe(restriction.catalogue.restriction.print);
    expect(i18n.t('catalogue.sectors.levels.2')).toBe(sectorOverview.catalogue.sectors.levels['2']);
    expect(i18n.t('catalogue.sectors.expandAll')).toBe(sectors.catalogue.sectors.expandAll);
    expect(i18n.t('catalogue.restriction.print')).not.toBe('Print');
  });
});
