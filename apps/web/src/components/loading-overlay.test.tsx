import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.js';
import { LoadingOverlay, overlayFadeMs, overlayHideDelayMs, useDelayedHide } from './loading-overlay.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useDelayedHide (spec 9: the overlay hides 700 ms after loading ends)', () => {
  it('is false when never active', () => {
    const { result } = renderHook(({ active }) => useDelayedHide(active), {
      initialProps: { active: false },
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(result.current).toBe(false);
  });

  it('stays true for 700 ms after active ends, then turns false', () => {
    expect(overlayHideDelayMs).toBe(700);
    const { result, rerender } = renderHook(({ active }) => useDelayedHide(active), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(result.current).toBe(true);

    rerender({ active: false });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(false);
  });

  it('stays true when loading starts again during the delay, and waits afresh after', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedHide(active), {
      initialProps: { active: true },
    });
    rerender({ active: false });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    rerender({ active: true });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe(true);
    rerender({ active: false });
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(false);
  });
});

describe('LoadingOverlay', () => {
  it('shows the fragments message while loading', () => {
    render(<LoadingOverlay active />);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait for the page fragments to load.');
  });

  it('has a spinner only while it shows or fades out (a hidden one would animate on every frame)', () => {
    const spinner = (container: HTMLElement) => container.querySelector('.MuiCircularProgress-root');
    const { container, rerender } = render(<LoadingOverlay active />);
    expect(spinner(container)).not.toBeNull();
    rerender(<LoadingOverlay active={false} />);
    act(() => {
      vi.advanceTimersByTime(overlayHideDelayMs);
    });
    expect(screen.getByTestId('loading-overlay')).toHaveAttribute('aria-hidden', 'true');
    expect(spinner(container)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(overlayFadeMs);
    });
    expect(spinner(container)).toBeNull();
    rerender(<LoadingOverlay active />);
    expect(spinner(container)).not.toBeNull();
  });
});
