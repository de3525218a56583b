import { messages, nameMessage, passwordMessages, uploadTexts } from '@stp/shared';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInRoutes } from '../app/routes.js';
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

/**
 * The texts a lazy chunk brings: `features/<area>/i18n/{en,fr}.json` and a shared component kit's
 * `components/<kit>/i18n/{en,fr}.json` (see registerTexts), and the texts of a part of a feature that
 * travel in its own chunk, `<part>.{en,fr}.json` beside them (features/catalogue/texts.ts).
 */
const featureTexts = ['features', 'components']
  .flatMap((root) =>
    readdirSync(path.join(srcDir, root), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(srcDir, root, entry.name, 'i18n')),
  )
  .filter((dir) => existsSync(dir))
  .flatMap((dir) =>
    readdirSync(dir)
      .flatMap((file) => /^(.*)en\.json$/.exec(file)?.[1] ?? [])
      .map((part) => ({
        dir: `${dir}/${part}`,
        en: JSON.parse(readFileSync(path.join(dir, `${part}en.json`), 'utf8')) as Tree,
        fr: JSON.parse(readFileSync(path.join(dir, `${part}fr.json`), 'utf8')) as Tree,
      })),
  );

function mergedKeys(trees: Tree[]): Map<string, string> {
  const merged = new Map<string, string>();
  for (const tree of trees) for (const [key, text] of flatten(tree)) merged.set(key, text);
  return merged;
}

const enKeys = mergedKeys([en, ...featureTexts.map((texts) => texts.en)]);
const frKeys = mergedKeys([fr, ...featureTexts.map((texts) => texts.fr)]);

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

  it('feature texts have the same keys in en and fr, and no key another file has', () => {
    const seen = new Map<string, string>([...flatten(en).keys()].map((key) => [key, 'i18n/en.json']));
    for (const texts of featureTexts) {
      const enOwn = flatten(texts.en);
      const frOwn = flatten(texts.fr);
      expect({ dir: texts.dir, onlyEn: [...enOwn.keys()].filter((key) => !frOwn.has(key)) }).toEqual({
        dir: texts.dir,
        onlyEn: [],
      });
      expect({ dir: texts.dir, onlyFr: [...frOwn.keys()].filter((key) => !enOwn.has(key)) }).toEqual({
        dir: texts.dir,
        onlyFr: [],
      });
      const clashes = [...enOwn.keys()]
        .filter((key) => seen.has(key))
        .map((key) => `${key} (${seen.get(key)})`);
      expect({ dir: texts.dir, clashes }).toEqual({ dir: texts.dir, clashes: [] });
      for (const key of enOwn.keys()) seen.set(key, texts.dir);
    }
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
    // A plural key is held as key_one / key_other.
    const missing = [...used].filter((key) => !enKeys.has(key) && !enKeys.has(`${key}_other`));
    expect(missing).toEqual([]);
  });

  it('hold a title and a dashboard shortcut text for every signed-in screen of the menu (keys built from route ids)', () => {
    const menu = signedInRoutes.filter((route) => route.nav && route.id !== 'dashboard');
    expect(menu.length).toBeGreaterThan(10);
    const missing = menu
      .flatMap((route) => [`routes.${route.id}`, `dashboard.about.${route.id}`])
      .filter((key) => !enKeys.has(key));
    expect(missing).toEqual([]);
  });

  it('hold every fixed message of the shared package under messages', () => {
    const known = new Set(Object.values(en.messages as Record<string, string>));
    // The password and name refusals too, which the server sends and the forms show (issue 29 item 10),
    // and the refusals of an upload's content (item 9).
    const fixed = (
      [
        ...Object.values(messages),
        ...Object.values(passwordMessages),
        nameMessage,
        ...Object.values(uploadTexts),
      ] as unknown[]
    ).filter((value): value is string => typeof value === 'string');
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
