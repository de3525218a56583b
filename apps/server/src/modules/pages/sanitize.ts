import sanitizeHtml from 'sanitize-html';

// A strict allow-list for the HTML of content pages. The admin sanitises on save; this second pass on
// the way out means a row written by any other path (a script, a restore) still cannot carry script.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's title is its one h1.
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      const next: Record<string, string> = { ...attribs };
      if (external) next.rel = 'noopener noreferrer';
      else {
        delete next.target;
        delete next.rel;
      }
      if (next.target && next.target !== '_blank') delete next.target;
      return { tagName, attribs: next };
    },
  },
};

/** The HTML of a content page, cut down to the allow-list (no script, no event handlers, no style). */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, options);
}
