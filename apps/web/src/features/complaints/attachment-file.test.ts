import { describe, expect, it } from 'vitest';
import { checkAttachmentFile, detectAttachmentType, formatFileSize } from './attachment-file.js';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

const pdf = bytes('%PDF-1.7\n');
const png = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const zip = bytes('PK', 3, 4, 20, 0);
const cfb = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

describe('detectAttachmentType', () => {
  it('accepts the allowed formats by their first bytes when the name agrees', () => {
    expect(detectAttachmentType(pdf, 'evidence.PDF')).toBe('pdf');
    expect(detectAttachmentType(png, 'photo.png')).toBe('png');
    expect(detectAttachmentType(bytes(0xff, 0xd8, 0xff, 0xe0), 'a.jpeg')).toBe('jpeg');
    expect(detectAttachmentType(zip, 'letter.docx')).toBe('office');
    expect(detectAttachmentType(cfb, 'old.xls')).toBe('legacy-office');
    expect(detectAttachmentType(bytes('a,b\n1,2\n'), 'figures.csv')).toBe('text');
    expect(detectAttachmentType(new TextEncoder().encode('Grüße'), 'note.txt')).toBe('text');
  });

  it('refuses other formats, names that disagree with the bytes, and binary "text"', () => {
    expect(detectAttachmentType(bytes('MZ', 0x90, 0), 'setup.exe')).toBeNull();
    expect(detectAttachmentType(pdf, 'evidence.png')).toBeNull();
    expect(detectAttachmentType(zip, 'archive.zip')).toBeNull();
    expect(detectAttachmentType(bytes('<html>'), 'page.html')).toBeNull();
    expect(detectAttachmentType(bytes('a', 0, 'b'), 'data.csv')).toBeNull();
    expect(detectAttachmentType(bytes(0xc3, 0x28), 'bad.txt')).toBeNull();
    expect(detectAttachmentType(new Uint8Array(), 'empty.txt')).toBeNull();
  });
});

describe('checkAttachmentFile', () => {
  it('refuses a file above the limit before reading it, then checks the format', async () => {
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.pdf');
    expect(await checkAttachmentFile(big, 1)).toBe('tooLarge');
    expect(await checkAttachmentFile(new File([pdf], 'ok.pdf'), 1)).toBeNull();
    expect(await checkAttachmentFile(new File([bytes('MZ')], 'x.exe'), 1)).toBe('invalid');
    expect(await checkAttachmentFile(new File([pdf], 'ok.pdf'), null)).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('reads bytes, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3 MB');
  });
});
