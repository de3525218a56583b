import { useEffect, useState } from 'react';
import { textsReady } from '../../i18n/index.js';
import type { SectorFacts, SectorOverview } from './sector-overview.js';

interface SectorParts {
  SectorOverview: typeof SectorOverview;
  SectorFacts: typeof SectorFacts;
}

let loaded: SectorParts | null = null;
let loading: Promise<SectorParts> | null = null;

/**
 * A sector's overview and facts (with MUI's Chip and tables), a chunk of their own: Browse Restrictions
 * without a sector, its first view on most visits, does not load them (the JavaScript budget, issue 30).
 */
export function loadSectorParts(): Promise<SectorParts> {
  // Their texts' French, when French is on, comes in a chunk of its own (sector-overview-texts.ts).
  loading ??= import('./sector-overview.js').then(async (parts) => {
    await textsReady();
    return (loaded = parts);
  });
  return loading;
}

/** Whether an address of Browse Restrictions names a sector: in its path, or as the plain form sends it. */
export function addressNamesSector(pathname: string, search: string): boolean {
  return /^\/public\/browse\/[^/]/.test(pathname) || new URLSearchParams(search).has('category');
}

/**
 * The sector parts once loaded, asked for when `wanted`. Loaded before the screen when a page's address
 * names a sector (browse-screen.tsx, `loadBrowseScreen`): the render that hydrates a sector's page has them.
 */
export function useSectorParts(wanted: boolean): SectorParts | null {
  const [parts, setParts] = useState(loaded);
  useEffect(() => {
    if (!wanted || parts) return;
    let current = true;
    void loadSectorParts().then((done) => {
      if (current) setParts(done);
    });
    return () => {
      current = false;
    };
  }, [wanted, parts]);
  return parts;
}
