import Box from '@mui/material/Box';

/**
 * The sanitised HTML of a content page (the server cleans it on save and again on the way out) in a
 * container that gives its elements the theme's typography.
 */
export function HtmlContent({ html, lang }: { html: string; lang?: string }) {
  return (
    <Box
      data-testid="page-content"
      lang={lang}
      sx={(theme) => ({
        ...theme.typography.body1,
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& h2, & h3, & h4, & h5, & h6': {
          fontFamily: theme.typography.h2.fontFamily,
          fontWeight: 600,
          lineHeight: 1.3,
        },
        '& h2': { fontSize: '1.5rem', mt: 4, mb: 1.5 },
        '& h3': { fontSize: '1.25rem', mt: 3, mb: 1 },
        '& h4, & h5, & h6': { fontSize: '1.1rem', mt: 2.5, mb: 1 },
        '& > :first-of-type': { mt: 0 },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3, my: 1.5 },
        '& li': { my: 0.5 },
        '& a': { color: 'primary.main', textDecoration: 'underline' },
        '& blockquote': {
          borderLeft: 4,
          borderColor: 'divider',
          m: 0,
          my: 2,
          pl: 2,
          color: 'text.secondary',
        },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { borderCollapse: 'collapse', width: '100%', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', p: 1, textAlign: 'left' },
        '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 },
      })}
      // Sanitised by the server with a strict allow-list (on save and on the way out).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
