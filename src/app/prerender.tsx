import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { AppProviders } from './AppProviders'
import { buildRoutes } from './router'

/**
 * The HTML of a public page as a signed-out visitor first sees it, made at build time (see
 * scripts/vite-prerender-plugin.ts); the client hydrates it (src/main.tsx).
 */
export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(buildRoutes())
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect while prerendering`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  )
}
