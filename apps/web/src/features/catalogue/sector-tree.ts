import type { SectorListItem } from '@stp/shared';

/** A sector with its children, in the order of the cached list (W/120 display order). */
export interface SectorNode {
  sector: SectorListItem;
  children: SectorNode[];
}

/** The flat sector list (spec 3 `sectorList`) as a tree of sectors, sub-sectors and specific services. */
export function sectorTree(list: readonly SectorListItem[]): SectorNode[] {
  const nodes = new Map(list.map((sector) => [sector.id, { sector, children: [] as SectorNode[] }]));
  const roots: SectorNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.sector.parent_id === null ? undefined : nodes.get(node.sector.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A sector and its ancestors, from the sector (level 1) down to it. */
export function sectorPath(
  byId: ReadonlyMap<number, SectorListItem>,
  sector: SectorListItem | undefined,
): SectorListItem[] {
  const path: SectorListItem[] = [];
  let current = sector;
  while (current && path.length < 3) {
    path.unshift(current);
    current = current.parent_id === null ? undefined : byId.get(current.parent_id);
  }
  return path;
}

/** The direct children of a sector (or the level-1 sectors for none). */
export function sectorChildren(list: readonly SectorListItem[], parentId: number | null): SectorListItem[] {
  return list.filter((sector) => sector.parent_id === parentId);
}

/**
 * The category a plain filter form sent (without JavaScript): its sector, sub-sector and service selects
 * are all named `category`, in that order. The deepest choice wins while each is a child of the one before
 * it: after a new sector was chosen, the sub-sector still selected belongs to the old one and is dropped.
 */
export function chosenCategory(
  values: readonly string[],
  bySlug: ReadonlyMap<string, SectorListItem>,
): string {
  let chosen: SectorListItem | undefined;
  for (const value of values) {
    const sector = value ? bySlug.get(value) : undefined;
    if (!sector || sector.parent_id !== (chosen?.id ?? null)) break;
    chosen = sector;
  }
  return chosen?.slug ?? '';
}
