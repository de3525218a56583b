import Box from '@mui/material/Box';
import { Fragment, type ReactNode } from 'react';
import { breakableAttribute } from './list/breakable.js';

/**
 * A text with a line break allowed next to each of `characters` (`<wbr>` before or after it): a long
 * reference or e-mail address in a narrow column then wraps at its separators, and its column is no
 * wider than its longest part.
 */
function withBreaks(text: string, characters: string, side: 'before' | 'after'): ReactNode {
  const parts: ReactNode[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (!characters.includes(text[index]!)) continue;
    const end = side === 'before' ? index : index + 1;
    if (end > start && end < text.length) {
      parts.push(
        <Fragment key={end}>
          {text.slice(start, end)}
          <wbr />
        </Fragment>,
      );
      start = end;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A text breakable after each of `characters` (a reference after its slashes, a model after its dot). */
export const breakAfter = (text: string, characters: string): ReactNode =>
  withBreaks(text, characters, 'after');

/** An e-mail address, breakable before "@" and before each "." (where a typeset address breaks). */
export const breakEmail = (email: string): ReactNode => withBreaks(email, '@.', 'before');

/**
 * An account's e-mail address under its name in a list cell: secondary text wrapping at its separators.
 * On a phone it may also break inside a part (it is no word: DataTable lets it, see Breakable), so that
 * a long address never widens its table past the screen.
 */
export function EmailLine({ email }: { email: string }) {
  return (
    <Box
      {...{ [breakableAttribute]: '' }}
      sx={{
        color: 'text.secondary',
        typography: 'body2',
        overflowWrap: { xs: 'anywhere', sm: 'break-word' },
      }}
    >
      {breakEmail(email)}
    </Box>
  );
}
