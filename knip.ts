import type { KnipConfig } from 'knip'

/** A stylesheet's `@import`s and `url()`s of packages, as imports knip can follow. */
function cssImports(text: string): string {
  const imports = [...text.matchAll(/@import\s+['"]([^'"]+)['"]/g)].map((match) => match[1])
  const packageUrls = [...text.matchAll(/url\(['"]?(@[^'")]+)['"]?\)/g)].map((match) => match[1])
  return [...imports, ...packageUrls].map((specifier) => `import '${specifier}'`).join('\n')
}

const config: KnipConfig = {
  entry: [
    'src/app/routes.ts',
    // Loaded by the build's prerender plugin through Vite's SSR loader.
    'src/app/prerender.tsx',
    // The type test of the calls to edge functions: tsc checks it, nothing imports it.
    'src/lib/edge-functions.type-test.ts',
    'supabase/functions/_shared/clients/database.type-test.ts',
    'scripts/*.ts',
    'e2e/**/*.ts',
    'e2e-engines/**/*.test.ts',
    'tests/**/*.ts',
    'eslint/**/*.test.ts',
    'supabase/tests/**/*.ts',
    'supabase/functions/*/index.ts',
    'supabase/local/functions/local-only/*/index.ts',
    'supabase/local/**/*.test.ts',
    // Started as a worker thread and as the Deno child process of the local stack.
    'supabase/local/pglite-worker.mjs',
    'supabase/local/functions/deno-runner.ts',
  ],
  project: [
    'src/**/*.{ts,tsx,css}',
    'contracts/**/*.ts',
    'shared/**/*.ts',
    'scripts/**/*.ts',
    'e2e/**/*.ts',
    'e2e-engines/**/*.ts',
    'tests/**/*.ts',
    'eslint/**/*.{js,ts}',
    'supabase/functions/**/*.ts',
    'supabase/local/**/*.{ts,mjs}',
    'supabase/tests/**/*.ts',
  ],
  // A type or interface exported beside the code that uses it documents that code's shape.
  ignoreExportsUsedInFile: { interface: true, type: true },
  // The local stack runs its functions with the binary of this package (node_modules/.bin/deno);
  // the QR e2e test reads jsqr's file into the page (require.resolve), which knip cannot follow.
  ignoreDependencies: ['deno', 'jsqr'],
  ignoreIssues: {
    // Generated from the schema: its helper types and constants are there for whoever needs them.
    'contracts/database.ts': ['exports', 'types'],
  },
  compilers: { css: cssImports },
}

export default config
