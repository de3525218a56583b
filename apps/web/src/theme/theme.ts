import { createTheme, type Theme } from '@mui/material/styles';
import { hydrationAwareMatchMedia } from '../ssr/hydration.js';

export type ThemeMode = 'light' | 'dark';

/** Content width caps of spec 9: the public pages and the signed-in area. */
export const contentWidth = { public: 1150, signedIn: 1180 } as const;

/**
 * Spec 9: the page stylesheet's own breakpoints, beside the theme's (MUI's 600/900/1200/1536). Where the
 * page's layout changes at them: up to 450 px the page's side margins narrow (small phones); up to 767 px
 * the footer stacks its parts; from 980 px a page with a side column (About Us and its publications)
 * shows it beside the content.
 */
export const pageBreakpoints = { small: 450, medium: 767, large: 980 } as const;

/** Media queries of the page breakpoints, as `sx` keys. */
export const pageMedia = {
  upToSmall: `@media (max-width: ${pageBreakpoints.small}px)`,
  upToMedium: `@media (max-width: ${pageBreakpoints.medium}px)`,
  fromLarge: `@media (min-width: ${pageBreakpoints.large}px)`,
} as const;

const themes = new Map<ThemeMode, Theme>();

/** The app's theme of a mode, made once: the server renders many pages, each of them more than once. */
export function appTheme(mode: ThemeMode): Theme {
  let theme = themes.get(mode);
  if (!theme) {
    theme = createAppTheme(mode);
    themes.set(mode, theme);
  }
  return theme;
}

/**
 * The light and dark themes. MUI's default breakpoints (600/900/1200/1536) are the portal's (spec 9);
 * every colour pair below was checked for WCAG AA contrast (4.5:1 for text) in both modes.
 */
export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#8ecdf5' : '#0b5a8c', contrastText: dark ? '#06263b' : '#ffffff' },
      secondary: { main: dark ? '#9ad9a8' : '#1d6b35', contrastText: dark ? '#0b2913' : '#ffffff' },
      error: { main: dark ? '#ff9b94' : '#b3261e' },
      warning: { main: dark ? '#ffc870' : '#8a4b00' },
      success: { main: dark ? '#8fd19e' : '#1e6b34' },
      info: { main: dark ? '#8ecdf5' : '#0b5a8c' },
      background: dark ? { default: '#0f1419', paper: '#161d24' } : { default: '#f5f7f9', paper: '#ffffff' },
      text: dark
        ? { primary: '#e8edf2', secondary: '#b4c0cc' }
        : { primary: '#17212b', secondary: '#4a5866' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 },
      h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // Media queries answer as on the server while a server-rendered page hydrates (ssr/hydration.ts).
      MuiUseMediaQuery: { defaultProps: { matchMedia: hydrationAwareMatchMedia } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      // WCAG 1.4.1: a link inside text must not be told apart by its colour alone (axe link-in-text-block).
      MuiLink: { defaultProps: { underline: 'always' } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      // Table cells half as padded at their sides on phones: with MUI's 16 px, the phone columns of
      // several lists ran past a 320 px screen.
      MuiTableCell: {
        styleOverrides: {
          root: ({ theme }) => ({
            // Words stay whole in every table (French "discriminatoire" split as "discriminato|ire" read
            // badly): a cell breaks a word only when it alone is wider than the column, and with the
            // tables' automatic layout a column is as wide as its longest word. No automatic hyphens.
            overflowWrap: 'break-word',
            wordBreak: 'normal',
            hyphens: 'manual',
            [theme.breakpoints.down('sm')]: {
              '&:not(.MuiTableCell-paddingNone):not(.MuiTableCell-paddingCheckbox)': {
                paddingLeft: 8,
                paddingRight: 8,
              },
            },
          }),
        },
      },
      // MUI's unselected toggle text (action.active, 54 % black) falls under AA contrast on our paper.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
      // WCAG 2.4.7: keyboard focus shows as a clear outline on every button, tab and menu item, not
      // only as MUI's faint ripple.
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
    },
  });
}
