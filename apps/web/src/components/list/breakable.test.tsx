import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakableTokens } from './breakable.js';

/** The parts of a text marked breakable, and its whole text. */
const marked = (text: string) => {
  const { container } = render(<div>{breakableTokens(text)}</div>);
  return {
    breakable: [...container.querySelectorAll('[data-breakable]')].map((element) => element.textContent),
    text: container.textContent,
  };
};

describe('breakable tokens', () => {
  it('marks an e-mail address, a path and an identifier, never a word', () => {
    expect(marked('Administrateur Général (admin.ke@portal.example)')).toEqual({
      breakable: ['(admin.ke@portal.example)'],
      text: 'Administrateur Général (admin.ke@portal.example)',
    });
    expect(marked('Confidentialité /public/pages/privacy (#12)').breakable).toEqual([
      '/public/pages/privacy',
      '(#12)',
    ]);
    expect(marked('https://example.org/rapport').breakable).toEqual(['https://example.org/rapport']);
  });

  it('leaves prose whole, with its punctuation and apostrophes', () => {
    expect(marked("Réglementations d'importation, discriminatoires. Fin.")).toEqual({
      breakable: [],
      text: "Réglementations d'importation, discriminatoires. Fin.",
    });
  });
});
