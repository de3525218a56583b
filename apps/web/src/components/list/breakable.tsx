import Box from '@mui/material/Box';
import { Fragment, type ReactNode } from 'react';

/**
 * The one mark a table cell's text may break inside a word by: DataTable keeps every other word of its
 * cells whole (`overflow-wrap: break-word` on all their elements), so only what carries this attribute
 * (an address, slug, URL, reference or e-mail) can break to let a column narrow on a phone.
 */
export const breakableAttribute = 'data-breakable';

/** A token that is not a word (slug, address, URL, reference, e-mail): it may break anywhere in a table cell. */
export function Breakable({ children }: { children: ReactNode }) {
  return (
    <Box component="span" {...{ [breakableAttribute]: '' }} sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}

// A token is not a word when it holds a character no word of prose holds inside it: "@", a slash, a
// backslash, an underscore, a colon, a hash, an equals sign, a dot between letters or a digit beside one.
const notAWord = /[@/\\_:#=]|\p{L}\.\p{L}|\p{L}\d|\d\p{L}/u;

/**
 * A text whose words stay whole and whose non-words (e-mail addresses, paths, URLs, identifiers) may
 * break, each where it stands: "Alice Martin (alice.martin@portal.example)".
 */
export function breakableTokens(text: string): ReactNode {
  const parts = text.split(/(\s+)/);
  if (!parts.some((part) => notAWord.test(part))) return text;
  return parts.map((part, index) =>
    notAWord.test(part) ? <Breakable key={index}>{part}</Breakable> : <Fragment key={index}>{part}</Fragment>,
  );
}
