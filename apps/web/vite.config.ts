import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import MagicString from 'magic-string';
import { dynamicImportEdits } from './src/app/chunk-import-transform.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every script and style sheet of the build: the server sends them
 * (fastify-static's preCompressed) to browsers that accept them, with no compression per request.
 * Brotli at its best (quality 11, a 16 MB window): about 8 % smaller than quality 9 for a few seconds more
 * of build; every page's script budget is counted compressed (docs/accessibility-budgets.md).
 */
function precompress(): Plugin {
  return {
    name: 'stp-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(options.dir ?? 'dist', file);
          const body = await readFile(target);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_LGWIN]: 24,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/** Each dynamic import of the client build tells its chunk's address (src/app/chunk-import-transform.ts). */
function chunkAddresses(): Plugin {
  return {
    name: 'stp-chunk-addresses',
    apply: 'build',
    enforce: 'post',
    renderChunk(code) {
      const edits = dynamicImportEdits(code);
      if (edits.length === 0) return null;
      const edited = new MagicString(code);
      for (const edit of edits) edited.overwrite(edit.start, edit.end, edit.text);
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
  };
}

/**
 * MUI's theme as the app makes it (a palette, no `cssVariables`, no `colorSchemes`), without the half of
 * `createTheme` and `ThemeProvider` that makes and serves a CSS-variables theme: both modules import it
 * statically, so the first load carried about 5 KB (brotli) it never runs. The two modules are replaced by
 * their no-variables branch, and a theme asking for variables fails loudly instead of styling wrongly
 * (docs/decisions.md, "Theme without CSS variables").
 */
function muiThemeWithoutCssVariables(): Plugin {
  const replacements: Record<string, string> = {
    'createTheme.mjs': [
      'import createThemeNoVars from "./createThemeNoVars.mjs";',
      'export default function createTheme(options = {}, ...args) {',
      "  if (options.cssVariables || 'colorSchemes' in options)",
      "    throw new Error('The app builds MUI without CSS-variables themes (apps/web/vite.config.ts).');",
      '  return createThemeNoVars(options, ...args);',
      '}',
    ].join('\n'),
    'ThemeProvider.mjs': [
      "'use client';",
      'import * as React from "react";',
      'import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";',
      'import THEME_ID from "./identifier.mjs";',
      'import { jsx as _jsx } from "react/jsx-runtime";',
      'export default function ThemeProvider({ theme, ...props }) {',
      '  const noVarsTheme = React.useMemo(() => {',
      "    if (typeof theme === 'function') return theme;",
      '    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;',
      "    if ('colorSchemes' in muiTheme)",
      "      throw new Error('The app builds MUI without CSS-variables themes (apps/web/vite.config.ts).');",
      "    return 'vars' in muiTheme ? theme : { ...theme, vars: null };",
      '  }, [theme]);',
      '  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });',
      '}',
    ].join('\n'),
  };
  return {
    name: 'stp-mui-theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const match = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.exec(id);
      return match ? replacements[`${match[1]}.mjs`] : null;
    },
  };
}

/**
 * MUI's form fields with their menus and overlays, and the lists' pagination that uses them: one chunk
 * instead of about twenty files of a few hundred bytes (docs/decisions.md, "Script chunks").
 */
const muiFieldFamilies = [
  'TextField Select NativeSelect Menu MenuItem MenuList Popover Modal Portal Popper Tooltip Backdrop Fade',
  'Grow Unstable_TrapFocus FormControl FormLabel FormHelperText InputBase Input FilledInput OutlinedInput',
  'InputLabel InputAdornment Checkbox internal/SwitchBase internal/switchBaseClasses List ListItemText',
  'ListItemIcon TextareaAutosize useRovingTabIndex fastObjectShallowCompare TablePagination',
  'TablePaginationActions LinearProgress locale/utils/buildFormatNumber internal/svg-icons/ArrowDropDown',
  'internal/svg-icons/CheckBox internal/svg-icons/CheckBoxOutlineBlank internal/svg-icons/IndeterminateCheckBox',
  'internal/svg-icons/FirstPage internal/svg-icons/LastPage internal/svg-icons/KeyboardArrowLeft',
  'internal/svg-icons/KeyboardArrowRight',
].flatMap((line) => line.split(' '));
/**
 * MUI's small helpers (a few hundred bytes each), which automatic chunking spread over files of their own,
 * one per combination of screens using them. The home page loads this one chunk for its part of them.
 */
const muiHelperFamilies = [
  'usePreviousProps utils/focusable utils/getActiveElement getActiveElement createChainedFunction contains utils/contains',
  'getScrollbarSize utils/getScrollbarSize useValueAsRef utils/focusWithVisible getReactElementRef ownerDocument',
  'utils/ownerDocument ownerWindow utils/ownerWindow setRef debounce utils/debounce utils/useEnhancedEffect',
  'Divider/dividerClasses useControlled utils/useControlled useSlotProps utils/useSlot isMuiElement',
  'utils/isMuiElement mergeSlotProps utils/mergeSlotProps isHostComponent isEventHandler appendOwnerState',
  'resolveComponentProps extractEventHandlers omitEventHandlers',
].flatMap((line) => line.split(' '));
/** MUI's tables. */
const muiTableFamilies = [
  'Table TableBody TableCell TableContainer TableHead TableRow TableSortLabel internal/svg-icons/ArrowDownward',
].flatMap((line) => line.split(' '));
/**
 * The icons of the screens the JavaScript budget weighs (browse, a restriction, the home page; issue 30):
 * those the catalogue, the home page and the list kit import. They get a chunk of their own, so those
 * pages do not download the icons of every staff screen (docs/decisions.md, "Script chunks").
 */
const publicIconFolders = [
  'src/features/catalogue',
  'src/features/home',
  'src/components/list',
  // The feed link beside browse's downloads.
  'src/components/feed-link.tsx',
];
function iconsImportedUnder(folders: string[], keep: (file: string) => boolean = () => true): string[] {
  const names = new Set<string>();
  for (const folder of folders) {
    const at = path.join(import.meta.dirname, folder);
    const files = /\.tsx?$/.test(folder)
      ? [at]
      : readdirSync(at, { recursive: true }).map((entry) => path.join(at, String(entry)));
    for (const file of files) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || !existsSync(file) || !keep(file)) continue;
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/@mui\/icons-material\/(\w+)/g)) names.add(match[1]!);
    }
  }
  return [...names];
}
/** Whether a module is one of these icons of @mui/icons-material. */
const iconModules = (icons: Iterable<string>) => {
  const names = new Set(icons);
  return (id: string) => {
    const match = /\/@mui\/icons-material\/(?:esm\/)?(\w+)\.m?js$/.exec(id.replaceAll('\\', '/'));
    return match !== null && names.has(match[1]!);
  };
};
const publicIconModules = iconModules(iconsImportedUnder(publicIconFolders));
// The catalogue's icons travel in its shared file, the lists' pagination and feed icons in the list kit:
// browse and a restriction then load no file of icons of their own (0.45 KB of headers each).
// (Those only the restriction view or the sectors screen show stay with the other public icons: browse
// does not load them.)
const catalogueIcons = iconModules(
  iconsImportedUnder(
    ['src/features/catalogue', 'src/features/subscriptions/follow-button.tsx'],
    (file) => !/(restriction|sectors)-screen\.tsx$/.test(file),
  ),
);
const listKitIcons = iconModules(
  iconsImportedUnder(['src/components/list/list-pagination.tsx', 'src/components/feed-link.tsx']),
);

/** Whether a module is one of these app modules (paths under apps/web/src or packages/shared/src, no extension). */
const appModules = (paths: string[]) => {
  const pattern = new RegExp(`/(?:apps/web|packages/shared)/src/(?:${paths.join('|')})\\.(?:tsx?|json)$`);
  return (id: string) => pattern.test(id.replaceAll('\\', '/'));
};
/**
 * The parts Browse Restrictions and a restriction view share (the catalogue's labels and result parts with
 * their two words, its reads, the comparison's address, the English-only marker of shown-text, the Follow
 * button with its icon): one file
 * instead of about seven of a few hundred bytes, each of which also carried about 0.45 KB of response
 * headers (the JavaScript budget counts both; issue 30). The publications and content pages, which use
 * shown-text too, load this file with it (about 5 KB compressed).
 */
const catalogueShared = appModules([
  'features/catalogue/(?:texts|labels|result-parts|light-parts|highlight)',
  // Only the shared parts' texts: each screen's own travel with it (features/catalogue/texts.ts).
  'features/catalogue/i18n/(?:en|fr)',
  'api/use-api-read',
  'components/shown-text',
  'localised',
  // The Follow button of browse and a restriction (its dialog loads at the first press; issue 34).
  'features/subscriptions/follow-button',
]);
/**
 * A restriction's history and its texts (the view's, with the field names), which the restriction view
 * and Manage restrictions share: one file, not a second one of texts for the view (Manage restrictions
 * imports the texts from more modules than the history, which would give them a chunk of their own).
 */
const restrictionHistory = appModules([
  'features/catalogue/(?:restriction-history|restriction-texts)',
  'features/catalogue/i18n/restriction\\.en',
]);
/** The public lists' controls: their native filters, pagination, address state and feed link (browse, notifications, publications, complaints). */
const publicListKit = appModules([
  'components/filters/(?:light-field|filter-select)',
  'components/list/(?:list-pagination|use-list-params|table-parts)',
  'components/feed-link',
  'features/catalogue/(?:browse-params|sector-tree)',
]);

/** Whether a module is in one of these MUI component folders (or files) or in one of these packages. */
const modulesOf = (choice: { mui?: string[]; packages?: string[] }) => {
  const alternatives = [
    ...(choice.mui ? [`/@mui/(material|utils)/(${choice.mui.join('|')})(/|\\.m?js$)`] : []),
    ...(choice.packages ?? []).map((name) => `/node_modules/${name}/`),
  ];
  const pattern = new RegExp(alternatives.join('|'));
  return (id: string) => pattern.test(id.replaceAll('\\', '/'));
};

/**
 * The server entry (`vite build --ssr`, docs/decisions.md "Server rendering"): the same app rendered by
 * the API server for public pages, into dist-ssr/ (never served).
 */
const serverBuild = {
  ssr: 'src/entry-server.tsx',
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: false,
  rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
} as const;

/**
 * React Router's package answers every import with its development build, whose warnings the minifier
 * cannot drop; its production build is the same code with them off (ENABLE_DEV_WARNINGS = false).
 */
const reactRouterProduction = path.resolve(
  import.meta.dirname,
  '../../node_modules/react-router/dist/production/index.mjs',
);

/** `i18next` and `react-i18next` resolved to the app's translator (also in vitest.config.ts). */
const translatorAliases = {
  i18next: path.resolve(import.meta.dirname, 'src/i18n/translator.ts'),
  'react-i18next': path.resolve(import.meta.dirname, 'src/i18n/use-translation.tsx'),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  // Script chunks load from the static path (spec 7); the server maps /static/ to dist/.
  base: '/static/',
  plugins: isSsrBuild
    ? [react(), muiThemeWithoutCssVariables()]
    : [react(), muiThemeWithoutCssVariables(), chunkAddresses(), precompress()],
  // The server build carries its dependencies: it runs from wherever it is copied (the browser tests run
  // a copy), with no node_modules beside it.
  ssr: { noExternal: true },
  resolve: {
    alias: {
      ...(command === 'build' && !isSsrBuild ? { 'react-router': reactRouterProduction } : {}),
      // The app's own translator in place of i18next and react-i18next, behind the same imports
      // (docs/decisions.md, "Translator").
      ...translatorAliases,
      '@stp/shared': path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts'),
      // Emotion's rules are inserted while rendering, not in the commit (docs/decisions.md, "Web app shell").
      '@emotion/use-insertion-effect-with-fallbacks': path.resolve(
        import.meta.dirname,
        'src/lib/emotion-insertion-in-render.ts',
      ),
    },
  },
  // The manifest lets scripts/bundle-size.mjs follow the import graph of the home page.
  build: isSsrBuild
    ? serverBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Written for scripts/first-load-profile.mjs, but named in no script (no sourceMappingURL) and never
        // served (apps/server/src/web/web.routes.ts): they would hand out the whole source.
        sourcemap: 'hidden',
        manifest: true,
        // The entry chunk holds the whole first load on purpose (about 190 KB gzip, under the 200 KB budget).
        chunkSizeWarningLimit: 640,
        rolldownOptions: {
          output: {
            // Everything the entry imports statically in one chunk instead of about 24 small ones: over
            // HTTP/1.1 on a slow link each file costs a round trip (docs/decisions.md, "Script chunks").
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                { name: 'initial', tags: ['$initial'] },
                {
                  name: 'mui-fields',
                  test: modulesOf({ mui: muiFieldFamilies, packages: ['@popperjs/core'] }),
                },
                { name: 'mui-tables', test: modulesOf({ mui: muiTableFamilies }) },
                { name: 'mui-helpers', test: modulesOf({ mui: muiHelperFamilies }) },
                { name: 'catalogue-shared', test: (id) => catalogueShared(id) || catalogueIcons(id) },
                { name: 'list-kit', test: (id) => publicListKit(id) || listKitIcons(id) },
                { name: 'restriction-history', test: restrictionHistory },
                // The lazy screens' icons, about 0.2 KB gzip each: one file of 4.8 KB instead of one per icon.
                { name: 'icons-public', test: publicIconModules },
                { name: 'icons', test: modulesOf({ packages: ['@mui/icons-material'] }) },
              ],
            },
          },
        },
      },
  server: { proxy: { '/api': 'http://localhost:8080' } },
}));
