/**
 * Styles (for `style` or `sx`) that keep an element in the accessibility tree and out of sight: a
 * table's caption, a word a screen reader needs and the eye gets from an icon or a colour. Sizes as
 * strings: in MUI's `sx` a width of 1 would mean 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
