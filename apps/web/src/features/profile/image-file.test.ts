import { describe, expect, it } from 'vitest';
import { checkImageFile, detectImageType } from './image-file.js';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

const png = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const gif = bytes('GIF89a', 1, 0, 1, 0);
const webp = bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ');

describe('detectImageType', () => {
  it('recognises PNG, JPEG, GIF (87a and 89a) and WebP by their first bytes', () => {
    expect(detectImageType(png)).toBe('png');
    expect(detectImageType(jpeg)).toBe('jpeg');
    expect(detectImageType(gif)).toBe('gif');
    expect(detectImageType(bytes('GIF87a', 1, 0))).toBe('gif');
    expect(detectImageType(webp)).toBe('webp');
  });

  it('refuses text, other RIFF files, other formats and truncated headers', () => {
    expect(detectImageType(bytes('hello, this is text'))).toBeNull();
    expect(detectImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(detectImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(detectImageType(bytes('BM', 0, 0))).toBeNull();
    expect(detectImageType(png.slice(0, 7))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('checkImageFile', () => {
  it('judges the bytes, not the name or the declared type', async () => {
    const text = new File(['just some text'], 'avatar.png', { type: 'image/png' });
    expect(await checkImageFile(text, 1)).toBe('invalid');
    const real = new File([png], 'avatar.txt', { type: 'text/plain' });
    expect(await checkImageFile(real, 1)).toBeNull();
  });

  it('refuses an image above the limit in MB and accepts one exactly at it', async () => {
    const limit = 1024 * 1024;
    const atLimit = new File([png, new Uint8Array(limit - png.length)], 'a.png');
    const above = new File([png, new Uint8Array(limit - png.length + 1)], 'a.png');
    expect(await checkImageFile(atLimit, 1)).toBeNull();
    expect(await checkImageFile(above, 1)).toBe('tooLarge');
    expect(await checkImageFile(above, 2)).toBeNull();
    // Constants not loaded: the size is left to the server, the format is still checked.
    expect(await checkImageFile(above, null)).toBeNull();
    expect(await checkImageFile(new File(['text'], 'a.png'), null)).toBe('invalid');
  });
});
