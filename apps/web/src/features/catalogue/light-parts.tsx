import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { alpha, darken, keyframes, lighten, styled, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

// Browse and a restriction carry these instead of MUI's Alert and Skeleton (their chunks and MUI's slot
// helpers: about 4 KB compressed of each screen's first load, which the JavaScript budget weighs; issue
// 30). They look the same as MUI's standard Alert and text Skeleton.

type Severity = 'error' | 'warning';

const NoticeRoot = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  padding: '6px 16px',
  borderRadius: theme.shape.borderRadius,
  '& .notice-icon': { marginRight: 12, padding: '7px 0', display: 'flex', fontSize: 22, opacity: 0.9 },
  '& .notice-message': { padding: '8px 0', minWidth: 0, overflow: 'auto' },
  '& .notice-title': {
    ...theme.typography.body1,
    fontWeight: theme.typography.fontWeightMedium,
    margin: '-2px 0 0.35em',
  },
  '& .notice-action': {
    display: 'flex',
    alignItems: 'flex-start',
    padding: '4px 0 0 16px',
    marginLeft: 'auto',
    marginRight: -8,
  },
  ...Object.fromEntries(
    (['error', 'warning'] as const).map((severity) => {
      const light = theme.palette[severity].light;
      const dark = theme.palette.mode === 'dark';
      return [
        `&.notice--${severity}`,
        {
          color: dark ? lighten(light, 0.6) : darken(light, 0.6),
          backgroundColor: dark ? darken(light, 0.9) : lighten(light, 0.9),
          '& .notice-icon': { color: theme.palette[severity].main },
        },
      ];
    }),
  ),
}));

/** A message in the look of MUI's standard Alert (role alert, its icon, an optional title and action). */
export function Notice(props: {
  severity: Severity;
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}) {
  return (
    <NoticeRoot
      role="alert"
      className={`notice notice--${props.severity}`}
      sx={props.sx}
      data-testid={props['data-testid']}
    >
      <div className="notice-icon">
        {/* One icon for both (its colour tells them apart, with the text): a second would cost its path. */}
        <ErrorOutline fontSize="inherit" />
      </div>
      <div className="notice-message">
        {props.title && <div className="notice-title">{props.title}</div>}
        {props.children}
      </div>
      {props.action && <div className="notice-action">{props.action}</div>}
    </NoticeRoot>
  );
}

const pulse = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.4 }, '100%': { opacity: 1 } });

const SkeletonRoot = styled('span')(({ theme }) => ({
  display: 'block',
  backgroundColor: alpha(theme.palette.text.primary, theme.palette.mode === 'light' ? 0.11 : 0.13),
  height: 'auto',
  marginTop: 0,
  marginBottom: 0,
  transformOrigin: '0 55%',
  transform: 'scale(1, 0.60)',
  borderRadius: `${theme.shape.borderRadius}px/${Math.round((Number(theme.shape.borderRadius) / 0.6) * 10) / 10}px`,
  animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  '&:empty:before': { content: '"\\00a0"' },
  '&.skeleton--block': { transform: 'none', borderRadius: theme.shape.borderRadius },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
}));

/** A line of text still to come (MUI's text Skeleton), or a block of the given height. */
export function LineSkeleton({ width, height }: { width?: string; height?: string }) {
  return (
    <SkeletonRoot aria-hidden className={height ? 'skeleton--block' : undefined} style={{ width, height }} />
  );
}
