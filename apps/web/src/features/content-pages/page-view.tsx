import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TContentPage } from '@stp/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.js';
import { pageMedia } from '../../theme/theme.js';
import type { TShownText } from '@stp/shared';
import { EnglishOnly, useShownText } from '../../components/shown-text.js';
import { useDocumentTitle } from './document-title.js';
import { HtmlContent } from './html-content.js';
import { Slideshow } from './slideshow.js';
import './texts.js';

/**
 * A banner without a picture: the portal's blue and green at their deepest, in both themes. The dark
 * theme's own primary is a light blue, under which the white title fell to about 2:1 contrast; on each
 * of these stops white text is above 7:1.
 */
export const plainBannerStops = ['#083f63', '#0b5a8c', '#14502a'] as const;
const plainBanner = `linear-gradient(120deg, ${plainBannerStops[0]}, ${plainBannerStops[1]} 60%, ${plainBannerStops[2]})`;

/** The banner: the template's image (or the portal's colours) behind the page's title. */
function Banner({ page, title }: { page: TContentPage; title: TShownText }) {
  const { banner_url: url, banner_attachment: attachment } = page.template;
  return (
    <Box
      data-testid="page-banner"
      data-attachment={attachment}
      sx={{
        position: 'relative',
        mb: 3,
        borderRadius: 2,
        overflow: 'hidden',
        minHeight: { xs: 160, sm: 240 },
        display: 'flex',
        alignItems: 'flex-end',
        px: { xs: 2, sm: 4 },
        py: 3,
        backgroundColor: plainBannerStops[0],
        backgroundImage: url
          ? `linear-gradient(to top, rgba(0,0,0,0.72), rgba(0,0,0,0.2) 70%), url("${url}")`
          : plainBanner,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundAttachment: attachment,
      }}
    >
      <Typography variant="h1" sx={{ color: '#fff', textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
        <span lang={title.fallback ? 'en' : undefined}>{title.text}</span>
        {/* On a dark backing: the banner's picture may be light where the small marker falls. */}
        {title.fallback && (
          <EnglishOnly
            sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)', bgcolor: 'rgba(0,0,0,0.55)' }}
          />
        )}
      </Typography>
    </Box>
  );
}

/** Column widths of the template layouts the admin offers: standard, wide and with a side column. */
function layoutSx(layout: string, hasAside: boolean) {
  if (layout === 'sidebar' && hasAside)
    return {
      display: 'grid',
      gap: 4,
      gridTemplateColumns: 'minmax(0, 1fr)',
      [pageMedia.fromLarge]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
    };
  if (layout === 'wide') return { display: 'grid', gap: 4 };
  return { display: 'grid', gap: 4, maxWidth: 820 };
}

/**
 * A content page rendered from its template: banner with the page title, slideshow, the HTML content,
 * "Updated On", and an optional side part (a column in the sidebar layout, below the content otherwise).
 */
export function PageView({ page, aside }: { page: TContentPage; aside?: ReactNode }) {
  const { t } = useTranslation();
  const shown = useShownText();
  const title = shown.pair(page.title);
  const { template } = page;
  // French asked, English served: the server says so (the page has no French content yet).
  const contentInEnglish = page.lang === 'fr' && page.content_lang === 'en';
  useDocumentTitle(title.text);
  return (
    <Box component="article" data-testid="content-page" data-layout={template.layout}>
      <Banner page={page} title={title} />
      <Box sx={layoutSx(template.layout, Boolean(aside))}>
        <Box sx={{ minWidth: 0 }}>
          <Slideshow slides={template.slides} interval={template.slide_interval} />
          {contentInEnglish && page.content && <EnglishOnly sx={{ ml: 0, mb: 1 }} />}
          <HtmlContent html={page.content} lang={contentInEnglish ? 'en' : undefined} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }} data-testid="updated-on">
            {t('content.common.updatedOn', { date: formatDate(page.updated_on) })}
          </Typography>
        </Box>
        {aside && (
          <Box component="aside" sx={{ minWidth: 0 }}>
            {aside}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** The page's shape while it loads. */
export function PageSkeleton() {
  return (
    <Box data-testid="page-skeleton" aria-busy="true">
      <Skeleton variant="rectangular" height={200} sx={{ mb: 3, borderRadius: 2 }} />
      <Box sx={{ maxWidth: 820 }}>
        <Skeleton width="40%" height={40} />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} />
        ))}
      </Box>
    </Box>
  );
}
