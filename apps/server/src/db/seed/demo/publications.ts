// Demo publications: small real PDFs (a title page and one or two pages of text) in the file store.

import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Executor } from '../../client.js';
import { publications } from '../../schema/index.js';
import type { FileStorage } from '../../../storage/storage.js';
import { publicationTexts, type PublicationText } from './publication-texts.js';

const pageSize: [number, number] = [595.28, 841.89]; // A4 in points
const margin = 64;
const navy = rgb(0.07, 0.2, 0.42);
const grey = rgb(0.35, 0.35, 0.35);

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Builds the PDF of a publication, dated on its publication day. */
export async function renderPublication(pub: PublicationText): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const date = new Date(`${pub.publishedOn}T09:00:00Z`);
  doc.setTitle(pub.titleEn);
  doc.setAuthor(pub.authors);
  doc.setSubject(pub.subtitle);
  doc.setCreator('EAC Services Trade Portal');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = pageSize[0] - 2 * margin;

  // Title page.
  const cover = doc.addPage(pageSize);
  cover.drawRectangle({ x: 0, y: pageSize[1] - 150, width: pageSize[0], height: 150, color: navy });
  cover.drawText('EAST AFRICAN COMMUNITY', {
    x: margin,
    y: pageSize[1] - 80,
    size: 16,
    font: bold,
    color: rgb(1, 1, 1),
  });
  cover.drawText('Services Trade Portal', {
    x: margin,
    y: pageSize[1] - 105,
    size: 12,
    font: regular,
    color: rgb(1, 1, 1),
  });
  let y = pageSize[1] - 300;
  for (const line of wrap(pub.titleEn, bold, 26, width)) {
    cover.drawText(line, { x: margin, y, size: 26, font: bold, color: navy });
    y -= 34;
  }
  y -= 10;
  for (const line of wrap(pub.subtitle, regular, 14, width)) {
    cover.drawText(line, { x: margin, y, size: 14, font: regular, color: grey });
    y -= 20;
  }
  cover.drawText(pub.authors, { x: margin, y: 150, size: 11, font: bold });
  cover.drawText(
    `Arusha, ${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
    {
      x: margin,
      y: 132,
      size: 11,
      font: regular,
      color: grey,
    },
  );

  // Text pages: headings and wrapped paragraphs, a new page when the current one is full.
  let page: PDFPage = doc.addPage(pageSize);
  y = pageSize[1] - margin;
  const ensure = (needed: number) => {
    if (y - needed < margin + 20) {
      page = doc.addPage(pageSize);
      y = pageSize[1] - margin;
    }
  };
  for (const section of pub.sections) {
    ensure(40);
    y -= 8;
    page.drawText(section.heading, { x: margin, y, size: 14, font: bold, color: navy });
    y -= 24;
    for (const paragraph of section.paragraphs) {
      for (const line of wrap(paragraph, regular, 11, width)) {
        ensure(16);
        page.drawText(line, { x: margin, y, size: 11, font: regular });
        y -= 16;
      }
      y -= 8;
    }
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    if (i === 0) return;
    p.drawText(`${pub.titleEn}  |  page ${i + 1} of ${pages.length}`, {
      x: margin,
      y: 36,
      size: 8,
      font: regular,
      color: grey,
    });
  });
  return doc.save();
}

export async function seedPublications(tx: Executor, storage: FileStorage): Promise<Record<string, number>> {
  const rows: (typeof publications.$inferInsert)[] = [];
  for (const pub of publicationTexts) {
    const bytes = Buffer.from(await renderPublication(pub));
    const fileKey = await storage.put('publications', bytes, 'pdf');
    rows.push({
      slug: pub.slug,
      titleEn: pub.titleEn,
      titleFr: pub.titleFr,
      summaryEn: pub.summaryEn,
      summaryFr: pub.summaryFr,
      authors: pub.authors,
      publishedOn: pub.publishedOn,
      fileKey,
      fileName: `${pub.slug}.pdf`,
      fileSize: bytes.length,
      contentType: 'application/pdf',
      publicationType: pub.type,
      createdAt: new Date(`${pub.publishedOn}T09:00:00Z`),
      updatedAt: new Date(`${pub.publishedOn}T09:00:00Z`),
    });
  }
  await tx.insert(publications).values(rows);
  return { publications: rows.length };
}
