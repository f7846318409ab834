import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { cspMetaPlugin } from './scripts/vite-csp-plugin.ts'
import { inlineStylesheetPlugin } from './scripts/vite-inline-css-plugin.ts'
import { outdatedBrowserPlugin } from './scripts/vite-outdated-browser-plugin.ts'
import { paintFirstPlugin } from './scripts/vite-paint-first-plugin.ts'
import { prerenderLandingPlugin } from './scripts/vite-prerender-plugin.ts'
import { readEnv } from './src/config/env-schema.ts'

/**
 * Checks the VITE_ variables when the build (or the dev server) starts, stopping on an invalid one
 * with each named, and puts the backend's address into the page as a preconnect hint, so the
 * connection is ready when the first request leaves.
 */
function environmentPlugin(): Plugin {
  let apiOrigin = ''
  return {
    name: 'zochrim:environment',
    configResolved(config) {
      apiOrigin = new URL(readEnv(config.env).VITE_SUPABASE_URL).origin
    },
    transformIndexHtml() {
      return [
        { tag: 'link', attrs: { rel: 'preconnect', href: apiOrigin, crossorigin: 'anonymous' }, injectTo: 'head' },
      ]
    },
  }
}

/**
 * React Router's package exports only its development build (with its dev-time checks and
 * warnings); a production bundle takes the production build it ships beside it (0.6 KB gzip
 * smaller in the first download).
 */
const reactRouterProductionBuild = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
]

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    environmentPlugin(),
    outdatedBrowserPlugin(),
    prerenderLandingPlugin(),
    inlineStylesheetPlugin(),
    paintFirstPlugin(),
    // Last: the policy hashes the inline scripts of the finished page.
    cspMetaPlugin(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@contracts', replacement: fileURLToPath(new URL('./contracts', import.meta.url)) },
      { find: '@shared', replacement: fileURLToPath(new URL('./shared', import.meta.url)) },
      ...(command === 'build' ? reactRouterProductionBuild : []),
    ],
  },
  // The dev server finds every dependency up front, lazy routes included. Otherwise it discovers
  // a route's packages on its first visit and reloads the page, which loses what was typed.
  optimizeDeps: {
    entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/test/**'],
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json maps each source module to its chunks (used to measure a route's JS).
    manifest: true,
    // Preload hints only for the first page (index.html). The per-route dependency lists that
    // lazy chunks would otherwise carry sit in the first download and push the landing over its
    // 110 KB budget; a route's shared chunks then load when its own chunk asks for them. The pages
    // a relative opens from a link (share, add memory, view book) get their whole tree from the
    // page's head script instead (scripts/vite-paint-first-plugin.ts).
    // No polyfill: browsers without modulepreload simply fetch each module when it is imported.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_filename, dependencies, context) => (context.hostType === 'html' ? dependencies : []),
    },
    rolldownOptions: {
      output: {
        // Everything the first page imports statically goes into one chunk: several small shared
        // chunks (react, the catalogue, helpers) cost more gzip bytes and requests than one.
        // TanStack Query's modules go in one chunk of their own: every page with data needs them,
        // and as a dozen small chunks they queue behind each other for the phone's few connections.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
}))
