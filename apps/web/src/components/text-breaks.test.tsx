import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakAfter, breakEmail } from './text-breaks.js';

const html = (node: ReturnType<typeof breakEmail>) => {
  const { container } = render(<span>{node}</span>);
  return { markup: container.firstElementChild!.innerHTML, text: container.textContent };
};

describe('text breaks', () => {
  it('lets an e-mail address break before "@" and each ".", keeping its text', () => {
    expect(html(breakEmail('regulator.ke@portal.example'))).toEqual({
      markup: 'regulator<wbr>.ke<wbr>@portal<wbr>.example',
      text: 'regulator.ke@portal.example',
    });
  });

  it('lets a reference break after each slash, not after a last one', () => {
    expect(html(breakAfter('EAC/NOT/CD/2026/001', '/')).markup).toBe(
      'EAC/<wbr>NOT/<wbr>CD/<wbr>2026/<wbr>001',
    );
    expect(html(breakAfter('draft/', '/')).markup).toBe('draft/');
  });

  it('adds no break before a first character or into a text without separators', () => {
    expect(html(breakEmail('.hidden@x')).markup).toBe('.hidden<wbr>@x');
    expect(html(breakEmail('nobody')).markup).toBe('nobody');
  });
});
