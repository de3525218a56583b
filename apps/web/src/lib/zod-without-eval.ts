// The CSP has no 'unsafe-eval': zod (in the lazy chunks) must neither compile its object parsers with
// `new Function` nor probe whether it may (the probe alone is a reported CSP violation). zod reads its
// global settings from this object; main.tsx imports this module first, before any chunk loads zod,
// and without importing zod itself (the home page does not carry it).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
