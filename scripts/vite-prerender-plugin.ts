/**
 * Renders the landing page with react-dom/server at build time and writes its HTML into the built
 * index.html, so the first text paints before any JavaScript has loaded; src/main.tsx hydrates it.
 * The page is rendered through a throw-away Vite SSR server on the same sources, mode and env as
 * the client build.
 */
import react from '@vitejs/plugin-react'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'
import { prerenderedPath } from '../src/lib/prerendered-path.ts'
import { skipPrerenderScript, skipPrerenderStyle } from './prerender-shell.ts'

const ROOT_ELEMENT = '<div id="root"></div>'

type SourceConfig = Pick<ResolvedConfig, 'root' | 'mode' | 'envDir'> & {
  resolve: Pick<ResolvedConfig['resolve'], 'alias'>
}

/** The HTML of the page at `pathname`, rendered from the sources as a signed-out visitor sees it. */
export async function renderWithVite(config: SourceConfig, pathname: string): Promise<string> {
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
    const { renderPage } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      renderPage: (path: string) => Promise<string>
    }
    return await renderPage(pathname)
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
        const markup = await renderWithVite(config, prerenderedPath)
        return {
          html: html.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`),
          tags: [
            { tag: 'script', children: skipPrerenderScript, injectTo: 'head-prepend' },
            { tag: 'style', children: skipPrerenderStyle, injectTo: 'head' },
          ],
        }
      },
    },
  }
}
