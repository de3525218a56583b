import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { TShownText } from '@stp/shared';
import { Link as RouterLink } from 'react-router';
import { EnglishOnly } from '../../components/shown-text.js';

/** A publication's title as a link to its view, marked "English only" when not translated. */
export function PublicationLink({ slug, title }: { slug: string; title: TShownText }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Link
        component={RouterLink}
        to={`/public/publication/${slug}`}
        lang={title.fallback ? 'en' : undefined}
        sx={{ fontWeight: 600 }}
      >
        {title.text}
      </Link>
      {title.fallback && <EnglishOnly />}
    </Box>
  );
}
