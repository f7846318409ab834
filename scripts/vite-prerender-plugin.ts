/**
 * Renders the landing page with react-dom/server at build time and writes its HTML into the built
 * index.html, so the first text paints before any JavaScript has loaded; src/main.tsx hydrates it.
 * The book pages a relative opens from a link are rendered too, with a stand-in card, as templates
 * at the end of the body: their head script paints the first screen from them with the real card
 * (src/domains/book/lib/book-shell.ts). The pages are rendered through a throw-away Vite SSR server on the same
 * sources, mode and env as the client build.
 */
import react from '@vitejs/plugin-react'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'
import { BOOK_SHELL_PAGES, prerenderedPath, type BookShellPage } from '../src/domains/book/lib/prerendered-path.ts'
import { skipPrerenderScript, skipPrerenderStyle } from './prerender-shell.ts'

const ROOT_ELEMENT = '<div id="root"></div>'

type SourceConfig = Pick<ResolvedConfig, 'root' | 'mode' | 'envDir'> & {
  resolve: Pick<ResolvedConfig['resolve'], 'alias'>
}

interface PrerenderModule {
  renderPage: (pathname: string) => Promise<string>
  renderBookShell: (page: BookShellPage) => Promise<string>
}

/** What `render` makes of src/app/prerender.tsx, loaded from the sources as a signed-out visitor sees them. */
export async function renderWithVite<Result>(
  config: SourceConfig,
  render: (module: PrerenderModule) => Promise<Result>,
): Promise<Result> {
  const server = await createServer({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    logLevel: 'error',
    resolve: { alias: config.resolve.alias },
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  try {
    return await render((await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule)
  } finally {
    await server.close()
  }
}

export function prerenderLandingPlugin(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'zochrim:prerender-landing',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`)
        const { landing, bookShells } = await renderWithVite(config, async (module) => {
          const shells: string[] = []
          // One after the other: each render seeds the one query cache with its stand-in card.
          for (const page of BOOK_SHELL_PAGES) {
            shells.push(`<template data-book-shell="${page}">${await module.renderBookShell(page)}</template>`)
          }
          return { landing: await module.renderPage(prerenderedPath), bookShells: shells }
        })
        if (!html.includes('</body>')) throw new Error('index.html lacks </body>')
        return {
          html: html
            .replace(ROOT_ELEMENT, `<div id="root">${landing}</div>`)
            .replace('</body>', `${bookShells.join('')}</body>`),
          tags: [
            { tag: 'script', children: skipPrerenderScript, injectTo: 'head-prepend' },
            { tag: 'style', children: skipPrerenderStyle, injectTo: 'head' },
          ],
        }
      },
    },
  }
}
