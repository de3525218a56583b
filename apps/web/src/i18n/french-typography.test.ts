import { describe, expect, it } from 'vitest';

// Every French text of the app and its features (the same files the chunks register).
const files = import.meta.glob<{ default: unknown }>(['./fr.json', '../**/i18n/fr.json'], { eager: true });

function strings(value: unknown, path: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) strings(child, path ? `${path}.${key}` : key, out);
  return out;
}

describe('French typography of the interface texts', () => {
  it('has a narrow no-break space before : ; ? ! and inside « », never a plain space or none', () => {
    const wrong: string[] = [];
    for (const [file, module] of Object.entries(files)) {
      for (const [key, text] of strings(module.default, '', [])) {
        // Placeholders, addresses (https://, mailto:) and times (10:30) are not French punctuation.
        const prose = text
          .replace(/\{\{[^}]*\}\}/g, 'X')
          .replace(/\b(https?|mailto):\/{0,2}/g, '')
          .replace(/\d:\d/g, '');
        if (/[^\u202f\u00a0][:;?!](\s|$|["»).,])/u.test(prose) || /«[^\u202f]|[^\u202f]»/u.test(prose))
          wrong.push(`${file} ${key}: ${text}`);
      }
    }
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
