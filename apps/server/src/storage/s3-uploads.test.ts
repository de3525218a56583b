import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintAttachments, complaints, publications, users } from '../db/schema/index.js';
import { files, multipart, roles, signIn, validForm } from '../modules/complaints/complaints.fixtures.js';
import { sweepOrphanFiles } from '../modules/complaints/orphan-files.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { createS3Client, S3Storage } from './s3.js';

// The whole app with STORAGE_DRIVER=s3: uploads through the real API land in the bucket (read back
// with a client of its own, not through the driver) and come back byte for byte.
let s3: TestS3Server;
let ctx: TestContext;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext(s3.env);
  bucket = await createS3Client(ctx.config.storage.s3);
});
afterAll(async () => {
  bucket.destroy();
  await ctx.close();
  await s3.stop();
});

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  const chunks: Buffer[] = [];
  for await (const chunk of answer.Body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function objectExists(key: string): Promise<boolean> {
  return bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    () => false,
  );
}

/** Files the local-disk driver would have written: none when the bucket is the store. */
async function localFiles(): Promise<string[]> {
  return readdir(ctx.config.uploads.dir, { recursive: true }).catch(() => []);
}

describe('the app with STORAGE_DRIVER=s3', () => {
  it('stores complaint attachments in the bucket and serves them back byte-identical', async () => {
    expect(ctx.storage).toBeInstanceOf(S3Storage);
    const { client } = await signIn(ctx, roles.client());
    // A 3 MB CSV beside the small fixtures: bigger than one network read, well under the upload limit.
    const csv = Buffer.from(
      `country,fee\n${Array.from({ length: 200_000 }, (_, row) => `KE,${row}`).join('\n')}\n`,
      'utf8',
    );
    const uploads: [string, Buffer][] = [
      ['evidence.pdf', files.pdf],
      ['photo.png', files.png],
      ['fees.csv', csv],
    ];
    const response = await client.request({
      method: 'POST',
      url: '/api/complaints/',
      payload: multipart(validForm(), uploads),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { slug } = response.json<{ slug: string }>();
    const [complaint] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
    const rows = await ctx.db
      .select()
      .from(complaintAttachments)
      .where(eq(complaintAttachments.complaintId, complaint!.id));
    expect(rows).toHaveLength(3);
    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'complaints/' }));
    expect((listed.Contents ?? []).map((object) => object.Key).sort()).toEqual(
      rows.map((row) => row.storageKey).sort(),
    );
    for (const [name, bytes] of uploads) {
      const row = rows.find((candidate) => candidate.originalName === name)!;
      expect(row.storageKey).toMatch(/^complaints\/[0-9a-f-]{36}\.(pdf|png|csv)$/);
      expect((await objectBytes(row.storageKey)).equals(bytes)).toBe(true);
      const download = await client.request({ url: `/api/complaints/${slug}/attachments/${row.id}/` });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);
    }
    expect(await localFiles()).toEqual([]);
  });

  it('stores an avatar in the bucket, replaces it, and serves it', async () => {
    const { user, client } = await signIn(ctx, roles.client());
    const form = new FormData();
    form.append('avatar', new Blob([files.png], { type: 'image/png' }), 'avatar.png');
    const first = await client.request({ method: 'POST', url: '/api/profile/update/', payload: form });
    expect(first.statusCode, first.body).toBe(200);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.avatarKey).toMatch(/^avatars\//);
    expect((await objectBytes(stored!.avatarKey!)).equals(files.png)).toBe(true);
    const served = await client.request({ url: first.json().profile.avatar as string });
    expect(served.rawPayload.equals(files.png)).toBe(true);

    const again = new FormData();
    again.append('avatar', new Blob([files.gif], { type: 'image/gif' }), 'avatar.gif');
    expect(
      (await client.request({ method: 'POST', url: '/api/profile/update/', payload: again })).statusCode,
    ).toBe(200);
    const [replaced] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect((await objectBytes(replaced!.avatarKey!)).equals(files.gif)).toBe(true);
    // The old photo leaves the bucket with the change.
    expect(await objectExists(stored!.avatarKey!)).toBe(false);
  });

  it('serves page images (banners) and publication PDFs from the bucket', async () => {
    const manager = await ctx.signedIn([
      'core.add_pagetemplate',
      'core.change_pagetemplate',
      'core.view_pagetemplate',
    ]);
    const form = new FormData();
    form.append('attachments', new Blob([files.png]), 'banner.png');
    const upload = await manager.request({
      method: 'POST',
      url: '/api/admin/page-templates/images/',
      payload: form,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { key, url } = upload.json<{ key: string; url: string }>();
    expect((await objectBytes(key)).equals(files.png)).toBe(true);
    const image = await manager.request({ url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(files.png)).toBe(true);

    // Publication PDFs are written by the seed (and the admin) through the same store.
    const fileKey = await ctx.storage.put('publications', files.pdf, 'pdf');
    await ctx.db.insert(publications).values({
      slug: 'bucket-review',
      titleEn: 'Review',
      titleFr: 'Revue',
      summaryEn: 'A summary',
      summaryFr: 'Un résumé',
      authors: 'EAC Secretariat',
      publishedOn: '2025-06-01',
      fileKey,
      fileName: 'Review.pdf',
      fileSize: files.pdf.length,
    });
    expect((await objectBytes(fileKey)).equals(files.pdf)).toBe(true);
    const pdf = await ctx.client().request({ url: '/api/publications/bucket-review/file/' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-length']).toBe(String(files.pdf.length));
    expect(pdf.rawPayload.equals(files.pdf)).toBe(true);
  });

  it('sweeps orphan complaint files out of the bucket, keeping referenced ones', async () => {
    const orphan = await ctx.storage.put('complaints', files.pdf, 'pdf');
    const [referenced] = await ctx.db.select().from(complaintAttachments).limit(1);
    const removed = await sweepOrphanFiles(
      { db: ctx.db, storage: ctx.storage },
      { minAgeSeconds: 0, now: new Date(Date.now() + 60_000) },
    );
    expect(removed).toEqual([orphan]);
    expect(await objectExists(orphan)).toBe(false);
    expect(await objectExists(referenced!.storageKey)).toBe(true);
    expect(path.basename(referenced!.storageKey)).toMatch(/\.(pdf|png|csv)$/);
  });
});
