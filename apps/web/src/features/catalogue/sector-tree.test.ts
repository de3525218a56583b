import type { SectorListItem } from '@stp/shared';
import { describe, expect, it } from 'vitest';
import { sectorChildren, sectorPath, sectorTree } from './sector-tree.js';

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
