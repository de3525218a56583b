// Stands in for `@emotion/use-insertion-effect-with-fallbacks` (vite.config.ts and vitest.config.ts alias
// it here). Emotion inserts a styled element's CSS rules in that package's insertion effect, which React
// runs in the commit: a screen's first commit then parsed and inserted every rule of the screen in one
// task that time slicing cannot split (70 % of a 90–150 ms task at 4× CPU on browse and the restriction
// view). Inserted while the element renders, as Emotion does with React before 18, the rules are parsed
// in the render's 5 ms slices instead. A render React throws away leaves its rules in the sheet, unused
// and harmless; the order of the rules is the render's, parent before child, as in a server-rendered page.
// Global styles (CssBaseline) keep React's insertion effect.
import { useInsertionEffect } from 'react';

const insertWhileRendering = <T>(insert: () => T): T => insert();

export const useInsertionEffectAlwaysWithSyncFallback = insertWhileRendering;
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
