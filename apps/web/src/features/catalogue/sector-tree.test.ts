import type { SectorListItem } from '@stp/shared';
import { describe, expect, it } from 'vitest';
import { chosenCategory, sectorChildren, sectorPath, sectorTree } from './sector-tree.js';

const item = (id: number, parent: number | null, level: 1 | 2 | 3): SectorListItem => ({
  id,
  parent_id: parent,
  level,
  code: String(id),
  slug: `s-${id}`,
  name: { en: `Sector ${id}`, fr: `Secteur ${id}` },
});
const list = [item(1, null, 1), item(2, 1, 2), item(3, 2, 3), item(4, 2, 3), item(5, null, 1)];

describe('sector tree', () => {
  it('nests sub-sectors and specific services in list order', () => {
    const tree = sectorTree(list);
    expect(tree.map((node) => node.sector.id)).toEqual([1, 5]);
    expect(tree[0]!.children[0]!.children.map((node) => node.sector.id)).toEqual([3, 4]);
  });

  it('walks a specific service up to its sector', () => {
    const byId = new Map(list.map((sector) => [sector.id, sector]));
    expect(sectorPath(byId, byId.get(4)).map((sector) => sector.id)).toEqual([1, 2, 4]);
    expect(sectorPath(byId, undefined)).toEqual([]);
  });

  it('lists the children of a sector', () => {
    expect(sectorChildren(list, null).map((sector) => sector.id)).toEqual([1, 5]);
    expect(sectorChildren(list, 2).map((sector) => sector.id)).toEqual([3, 4]);
  });
});

describe('chosenCategory', () => {
  const list = [
    { id: 1, parent_id: null, slug: 'business' },
    { id: 2, parent_id: 1, slug: 'legal' },
    { id: 3, parent_id: 2, slug: 'advisory' },
    { id: 4, parent_id: null, slug: 'transport' },
  ] as SectorListItem[];
  const bySlug = new Map(list.map((sector) => [sector.slug, sector]));

  it('is the deepest of the sector, sub-sector and service a filter form sent', () => {
    expect(chosenCategory(['business', 'legal', 'advisory'], bySlug)).toBe('advisory');
    expect(chosenCategory(['business', 'legal', ''], bySlug)).toBe('legal');
    expect(chosenCategory(['business', '', ''], bySlug)).toBe('business');
  });

  it('stops where a choice is not a child of the one above it (a new sector, the old sub-sector)', () => {
    expect(chosenCategory(['transport', 'legal', 'advisory'], bySlug)).toBe('transport');
    expect(chosenCategory(['', 'legal'], bySlug)).toBe('');
    expect(chosenCategory(['nowhere'], bySlug)).toBe('');
    expect(chosenCategory([], bySlug)).toBe('');
  });
});
