import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.js';
import { Slideshow } from './slideshow.js';

const slides = [1, 2, 3].map((n) => ({
  image_url: `/api/pages/about/slides/${n}/`,
  caption: { en: `Caption ${n}`, fr: `Légende ${n}` },
}));

/** jsdom has no matchMedia: answer `reduce` for the reduced-motion query when asked to. */
function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  }));
}

const shown = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .find((slide) => !slide.hidden)
    ?.getAttribute('aria-label');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Slideshow', () => {
  it('advances at the interval, stops on pause and moves with previous/next', () => {
    mockReducedMotion(false);
    render(<Slideshow slides={slides} interval={4} />);
    expect(shown()).toBe('Picture 1 of 3');
    act(() => void vi.advanceTimersByTime(4_000));
    expect(shown()).toBe('Picture 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    act(() => void vi.advanceTimersByTime(20_000));
    expect(shown()).toBe('Picture 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous picture' }));
    expect(shown()).toBe('Picture 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(shown()).toBe('Picture 1 of 3');
  });

  it('starts paused for a visitor who prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<Slideshow slides={slides} interval={2} />);
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(shown()).toBe('Picture 1 of 3');
  });

  it('renders nothing without slides and no controls for a single slide', () => {
    mockReducedMotion(false);
    const { container, rerender } = render(<Slideshow slides={[]} interval={5} />);
    expect(container.innerHTML).toBe('');
    rerender(<Slideshow slides={slides.slice(0, 1)} interval={5} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
