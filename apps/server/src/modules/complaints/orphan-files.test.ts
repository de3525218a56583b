import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { files, validForm } from './complaints.fixtures.js';
import { createComplaint } from './complaints.service.js';
import { complaintFilesFolder, startOrphanFileSweeper, sweepOrphanFiles } from './orphan-files.js';
import type { TComplaintForm } from '@stp/shared';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** Backdates a stored file (its key) as if written `hours` ago. */
async function age(key: string, hours: number) {
  const when = hoursAgo(hours);
  await utimes(path.join(ctx.config.uploads.dir, key), when, when);
}

async function lodgeWithFile() {
  const created = await createComplaint(ctx.app.deps, {
    form: validForm() as unknown as TComplaintForm,
    channel: 'sms',
    smsPhone: '+254700000001',
    attachments: [{ filename: 'evidence.pdf', data: files.pdf }],
  });
  const stored = await ctx.storage.list(complaintFilesFolder);
  return { created, stored };
}

describe('LocalDiskStorage.list', () => {
  it('lists the files of a folder with their time, partial writes marked; an absent folder is empty', async () => {
    expect(await ctx.storage.list('nothing-here')).toEqual([]);
    const key = await ctx.storage.put('listing', files.png, 'png');
    const partialKey = `${key.replace('.png', '.pdf')}.4242.tmp`;
    await writeFile(path.join(ctx.config.uploads.dir, partialKey), 'half');
    await writeFile(path.join(ctx.config.uploads.dir, 'listing/not-a-key.txt'), 'x');
    const listed = await ctx.storage.list('listing');
    expect(
      listed.map(({ key, partial }) => ({ key, partial })).sort((a, b) => (a.key < b.key ? -1 : 1)),
    ).toEqual(
      [
        { key, partial: false },
        { key: partialKey, partial: true },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    expect(listed[0]?.modifiedAt).toBeInstanceOf(Date);
    await ctx.storage.delete(partialKey);
    expect((await ctx.storage.list('listing')).map((file) => file.key)).toEqual([key]);
    await expect(ctx.storage.list('../etc')).rejects.toThrow('Invalid storage folder');
  });
});

describe('sweepOrphanFiles', () => {
  it('removes old files no attachment row references, keeps referenced and recent ones', async () => {
    const { stored } = await lodgeWithFile();
    const referenced = stored[0]!.key;
    const oldOrphan = await ctx.storage.put(complaintFilesFolder, files.pdf, 'pdf');
    const recentOrphan = await ctx.storage.put(complaintFilesFolder, files.png, 'png');
    const partial = `${complaintFilesFolder}/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.pdf.99.tmp`;
    await writeFile(path.join(ctx.config.uploads.dir, partial), 'half a file');
    await age(referenced, 5);
    await age(oldOrphan, 2);
    await age(partial, 2);

    const removed = await sweepOrphanFiles(ctx.app.deps, { minAgeSeconds: 3600 });

    expect(removed.sort()).toEqual([oldOrphan, partial].sort());
    const left = (await ctx.storage.list(complaintFilesFolder)).map((file) => file.key).sort();
    expect(left).toEqual([referenced, recentOrphan].sort());
    // Age 0 takes the recent orphan too; the referenced file always stays.
    expect(await sweepOrphanFiles(ctx.app.deps, { minAgeSeconds: 0 })).toEqual([recentOrphan]);
    expect((await ctx.storage.list(complaintFilesFolder)).map((file) => file.key)).toEqual([referenced]);
    expect(await ctx.storage.size(referenced)).toBe(files.pdf.length);
  });

  it('runs in the background at start and logs the count; the stop function clears its timers', async () => {
    const orphan = await ctx.storage.put(complaintFilesFolder, files.pdf, 'pdf');
    const logged: unknown[] = [];
    const log = {
      info: (entry: unknown) => logged.push(entry),
      error: (entry: unknown) => logged.push(entry),
    } as unknown as Parameters<typeof startOrphanFileSweeper>[1]['log'];
    const stop = startOrphanFileSweeper(ctx.app.deps, { minAgeSeconds: 0, log, intervalMs: 60_000 });
    await expect.poll(() => logged, { timeout: 10_000 }).toEqual([{ removed: 1 }]);
    stop();
    expect((await ctx.storage.list(complaintFilesFolder)).map((file) => file.key)).not.toContain(orphan);
  });
});
