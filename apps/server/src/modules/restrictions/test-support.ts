// Test data of the catalogue tests: restrictions with chosen values, inserted with their first version.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { policies, restrictions, sectors } from '../../db/schema/index.js';
import { invalidateRestrictionCaches } from './restriction-cache.js';
import { recordRestrictionChanges } from './restriction-versions.js';

let sequence = 0;

/** A sector's id by its W/120 code ('1', '1.A', '1.A.a'). */
export async function sectorByCode(db: Database, code: string) {
  const [row] = await db.select().from(sectors).where(eq(sectors.code, code));
  if (!row) throw new Error(`no sector ${code}`);
  return row;
}

export async function firstPolicy(db: Database) {
  const [row] = await db.select().from(policies).limit(1);
  if (!row) throw new Error('no policy');
  return row;
}

/** Inserts a visible restriction (Kenya, business services unless told) with its 'created' version. */
export async function insertRestriction(
  db: Database,
  values: Partial<typeof restrictions.$inferInsert> = {},
) {
  sequence += 1;
  const sector = values.sectorId ?? (await sectorByCode(db, '1')).id;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(restrictions)
      .values({
        slug: `test-restriction-${sequence}-${Date.now()}`,
        title: `Test restriction ${sequence}`,
        countryCode: 'KE',
        sectorId: sector,
        restrictionType: 'licensing',
        modesOfSupply: ['mode_3'],
        textOfMeasure: 'A measure.',
        ...values,
      })
      .returning();
    if (!created) throw new Error('not inserted');
    await recordRestrictionChanges(tx, [
      { before: null, after: created, changeType: 'created', actorId: null },
    ]);
    return created;
  });
  invalidateRestrictionCaches();
  return row;
}
