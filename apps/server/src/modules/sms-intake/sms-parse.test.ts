import { describe, expect, it } from 'vitest';
import { briefOf, messageDate, parseSms } from './sms-parse.js';

describe('parseSms', () => {
  it('splits a keyword from its text, whatever the case, spacing and trailing punctuation', () => {
    expect(parseSms('  ntb:   Work  permit\nrefused ')).toEqual({
      kind: 'keyword',
      keyword: 'NTB',
      body: 'Work permit refused',
    });
    expect(parseSms('NTB')).toEqual({ kind: 'keyword', keyword: 'NTB', body: '' });
  });

  it('reads STATUS and its reference, and an empty text', () => {
    expect(parseSms('Status cmp-2026-000123 please')).toEqual({
      kind: 'status',
      reference: 'CMP-2026-000123',
    });
    expect(parseSms('STATUS')).toEqual({ kind: 'status', reference: '' });
    expect(parseSms(' \n ')).toEqual({ kind: 'empty' });
  });
});

describe('briefOf', () => {
  it('keeps a short text and cuts a long one at a word within 120 characters', () => {
    expect(briefOf('short')).toBe('short');
    const long = 'word '.repeat(40).trim();
    const brief = briefOf(long);
    expect(brief.length).toBeLessThanOrEqual(120);
    expect(brief.endsWith('word')).toBe(true);
    expect(briefOf('x'.repeat(200))).toBe('x'.repeat(120));
  });
});

describe('messageDate', () => {
  const now = new Date('2026-11-21T08:00:00Z');
  it('reads the gateway date as UTC, or ISO 8601 with its offset', () => {
    expect(messageDate('2026-11-20 09:15:00', now).toISOString()).toBe('2026-11-20T09:15:00.000Z');
    expect(messageDate('2026-11-20T09:15:00+03:00', now).toISOString()).toBe('2026-11-20T06:15:00.000Z');
  });
  it('falls back to the time of receipt for a missing, unreadable or future date', () => {
    for (const raw of [undefined, '', 'yesterday', '2027-01-01 00:00:00'])
      expect(messageDate(raw, now)).toBe(now);
  });
});
