import { messages } from '@stp/shared';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import { applyLocale, translateMessage } from './index.js';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a translation tree, by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(name, value);
    else for (const [leaf, text] of flatten(value, name)) leaves.set(leaf, text);
  }
  return leaves;
}

const srcDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const enKeys = flatten(en);
const frKeys = flatten(fr);

afterEach(async () => {
  await applyLocale('en');
});

describe('translations', () => {
  it('en.json and fr.json have exactly the same keys', () => {
    const onlyEn = [...enKeys.keys()].filter((key) => !frKeys.has(key));
    const onlyFr = [...frKeys.keys()].filter((key) => !enKeys.has(key));
    expect({ onlyEn, onlyFr }).toEqual({ onlyEn: [], onlyFr: [] });
    expect(enKeys.size).toBeGreaterThan(50);
  });

  it('have no empty texts', () => {
    const empty = [...enKeys, ...frKeys].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('hold every key the source uses as a literal t() key', () => {
    const files = sourceFiles(srcDir);
    expect(files.length).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*(['"])([^'"\n]+)\1/g)) used.add(match[2]!);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((key) => !enKeys.has(key));
    expect(missing).toEqual([]);
  });

  it('hold every fixed message of the shared package under messages', () => {
    const known = new Set(Object.values(en.messages as Record<string, string>));
    const fixed = (Object.values(messages) as unknown[]).filter(
      (value): value is string => typeof value === 'string',
    );
    expect(fixed.length).toBeGreaterThan(10);
    expect(fixed.filter((text) => !known.has(text))).toEqual([]);
  });
});

describe('translateMessage', () => {
  it('gives the French text of a known English message once the interface is French', async () => {
    expect(translateMessage(messages.sessionExpired)).toBe(messages.sessionExpired);
    await applyLocale('fr');
    expect(translateMessage(messages.sessionExpired)).toBe(fr.messages.sessionExpired);
    expect(translateMessage(messages.sessionExpired)).not.toBe(messages.sessionExpired);
    expect(translateMessage('This field is required.')).toBe(fr.messages.required);
  });

  it('gives an unknown message back unchanged', async () => {
    await applyLocale('fr');
    expect(translateMessage('Something the portal never says.')).toBe('Something the portal never says.');
    expect(translateMessage('')).toBe('');
  });
});
