/**
 * Zod compiles its object parsers with `new Function` when it may, and probes whether it may by
 * trying once. The app's Content-Security-Policy forbids evaluated code, so that probe alone
 * logged a blocked-eval error on every page (as a CSP violation, in every engine). Zod reads its
 * settings from this global before any schema exists, wherever the schema loads: set first, it
 * parses without compiling and never probes.
 */
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
zodSettings.__zod_globalConfig = { ...zodSettings.__zod_globalConfig, jitless: true }
