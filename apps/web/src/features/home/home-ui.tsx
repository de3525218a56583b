import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

// Small stand-ins for MUI's Skeleton, Link and Alert: the home page has a 200 KB first-load budget and
// these three would cost about 6 KB gzip of it.

/** A grey block in place of content that is loading (hidden from screen readers). */
export function Placeholder({
  height,
  width = '100%',
}: {
  height: number | string;
  width?: number | string;
}) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        height,
        width,
        borderRadius: 1,
        bgcolor: 'action.hover',
        '@keyframes home-pulse': { '50%': { opacity: 0.5 } },
        animation: 'home-pulse 1.6s ease-in-out infinite',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}

/** A link inside the app, styled like MUI's Link (underlined, primary colour). */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  color: theme.palette.primary.main,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  '&:hover': { textDecorationThickness: 2 },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));

/** A message in place of a part of the page that could not be loaded. */
export function Notice({ children }: { children: string }) {
  return (
    <Box
      role="status"
      sx={{ mb: 4, p: 2, borderRadius: 1, border: 1, borderColor: 'warning.main', color: 'text.primary' }}
    >
      {children}
    </Box>
  );
}
