import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted } from './highlight.js';

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
