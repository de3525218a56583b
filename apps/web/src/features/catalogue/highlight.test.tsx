import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted, highlightShows, queryInLanguage } from './highlight.js';

describe('Highlighted', () => {
  it('marks the matching segments and keeps the rest as text', () => {
    const { container } = render(
      <Highlighted
        segments={[
          { text: 'Foreign ', match: false },
          { text: 'banks', match: true },
          { text: ' need a licence.', match: false },
        ]}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['banks']);
    expect(container.textContent).toBe('Foreign banks need a licence.');
  });

  it('never reads the text as HTML', () => {
    const { container } = render(
      <Highlighted
        segments={[
          { text: '<img src=x onerror="alert(1)">', match: false },
          { text: '<b>bold</b>', match: true },
        ]}
      />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>bold</b>');
  });

  it('renders nothing without segments', () => {
    expect(render(<Highlighted segments={null} />).container.textContent).toBe('');
    expect(render(<Highlighted segments={[]} />).container.textContent).toBe('');
  });
});

describe('the browse query in the visitor’s language', () => {
  it('asks for the highlights in the visitor’s language when searching, and only then', () => {
    expect(queryInLanguage({ q: 'banque', page: 1 }, 'fr')).toEqual({ q: 'banque', page: 1, lang: 'fr' });
    expect(queryInLanguage({ q: 'bank', page: 1 }, 'en')).toEqual({ q: 'bank', page: 1, lang: 'en' });
    // Without a search every visitor shares one answer (and the preloaded first page).
    expect(queryInLanguage({ q: '', page: 1 }, 'fr')).toEqual({ q: '', page: 1 });
  });

  it('shows a highlight in place of the text only when it marks the text shown', () => {
    expect(highlightShows('fr', 'fr')).toBe(true);
    expect(highlightShows('en', 'fr')).toBe(false);
    expect(highlightShows(undefined, 'en')).toBe(false);
  });
});
