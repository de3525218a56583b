// What every table of the portal shares, without MUI's table components: the refresh bar's look and
// the sideways-scroll measure that makes a too-wide table a named, focusable region. DataTable and the
// catalogue's light results table (which keeps MUI's table family off Browse's first view) both use it.
import { keyframes, type Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';

const sweep = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

/** A refresh in progress: the look of MUI's indeterminate LinearProgress, without its chunk. */
export const refreshBarStyles = (theme: Theme) =>
  ({
    position: 'relative',
    overflow: 'hidden',
    height: 4,
    backgroundColor: theme.palette.action.selected,
    '&::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      width: '40%',
      backgroundColor: theme.palette.primary.main,
      animation: `${sweep} 1.4s ease-in-out infinite`,
    },
    '@media (prefers-reduced-motion: reduce)': {
      '&::after': { animation: 'none', width: '100%', opacity: 0.5 },
    },
  }) as const;

/** Whether an element's content is wider than its box (it scrolls sideways), kept up to date. */
export function useOverflowsX() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table grows as its rows arrive while its box keeps its width.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return [setElement, overflows] as const;
}
