/**
 * Styles (for `style` or `sx`) that keep an element in the accessibility tree and out of sight: a
 * table's caption, a word a screen reader needs and the eye gets from an icon or a colour.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
