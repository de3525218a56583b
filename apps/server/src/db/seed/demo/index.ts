// The demo data set: accounts for every role, restrictions with history, notifications, publications, content
// pages, reports and complaints at every stage of review. Deterministic apart from timestamps relative to `now`.

import type { Executor } from '../../client.js';
import { seedAccounts } from './accounts.js';
import { seedCommitments, seedIndicators, seedNotifications } from './catalogue.js';
import { seedComplaints } from './complaints.js';
import { seedPageImages } from './page-images.js';
import { seedPages, seedReports, seedSmsServices } from './portal.js';
import { seedPublications } from './publications.js';
import { loadRestrictionContext, seedRestrictions } from './restrictions.js';
import type { DemoDeps, DemoSummary } from './types.js';

export type { DemoAccount, DemoDeps, DemoSummary } from './types.js';
export { demoAccounts, demoPassword } from './accounts.js';

/** Loads the demo data into a database that already holds the base data. Runs inside the given transaction. */
export async function seedDemo(tx: Executor, deps: DemoDeps): Promise<DemoSummary> {
  const now = deps.now ?? new Date();
  const counts: Record<string, number> = {};
  const add = (more: Record<string, number>) => Object.assign(counts, more);

  const ctx = await loadRestrictionContext(tx);
  if (ctx.partnerStates.length === 0 || ctx.sectors.length === 0) {
    throw new Error('The demo data needs the base data (partner states and sectors) to be loaded first');
  }

  const accounts = await seedAccounts(tx, (password) => deps.hashPassword(password), now);
  add(accounts.counts);

  const restrictions = await seedRestrictions(tx, ctx, accounts.ids.editor, accounts.ids.admin, now);
  add(restrictions.counts);
  add(await seedCommitments(tx, ctx));

  const indicators = await seedIndicators(tx);
  add({ indicators: indicators.count });
  add(await seedNotifications(tx, ctx, indicators.ids, accounts.ids.editor, now));
  add(await seedPublications(tx, deps.storage));
  add(await seedPages(tx, now));
  add(await seedPageImages(tx, deps.storage));
  add(await seedSmsServices(tx, ctx.partnerStates));
  add(await seedReports(tx, now));
  add(await seedComplaints(tx, ctx, restrictions.rows, accounts.ids, now));

  return { accounts: accounts.accounts, counts };
}
