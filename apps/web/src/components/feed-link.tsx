import RssFeed from '@mui/icons-material/RssFeed';
import Button from '@mui/material/Button';

/**
 * The visible link to a list's Atom feed (icon and text), beside its downloads. The same address is the
 * page's `<link rel="alternate">` (usePageFeed), which feed readers find on their own.
 */
export function FeedLink({ href, label, hint }: { href: string; label: string; hint: string }) {
  return (
    <Button variant="outlined" startIcon={<RssFeed />} href={href} title={hint} data-testid="feed-link">
      {label}
    </Button>
  );
}
