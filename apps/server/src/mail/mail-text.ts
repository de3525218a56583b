/** Text someone typed (a name, a brief, a reviewer's comments), kept apart from the mail's own words. */
export interface UserText {
  readonly userText: string;
}

/** Marks a value as written by a user: the mail composer shows it through `mailSafe`. */
export const userText = (value: string): UserText => ({ userText: value });

// Line breaks of every kind, other control characters, and the direction overrides that can make one
// address read as another.
const breaksAndControls = /[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069\s]+/gu;
// A scheme's "://" (http, https, ftp...), which every mail client turns into a link.
const schemeSeparator = /([a-z][a-z0-9+.-]*):\/\//gi;
// A dot (or a full stop clients read as one) between a word and a label of two or more characters
// holding a letter: the "evil.example", "www.x" and "a@b.example" that clients autolink. "3.5",
// "e.g." and "J. R." stay as they are.
const domainDot = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=[\p{L}\p{N}-]{2})(?=[\p{N}-]*\p{L})/gu;

/**
 * A user's text as a mail may show it: on one line, with every address defanged ("evil[.]example",
 * "https[:]//"), so no mail client makes it a link and no line of it passes for the mail's own.
 */
export function mailSafe(value: string): string {
  return value
    .replace(breaksAndControls, ' ')
    .trim()
    .replace(schemeSeparator, '$1[:]//')
    .replace(domainDot, '[.]');
}
