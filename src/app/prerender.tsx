import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { bookKeys } from '@/domains/book/api/book-keys'
import { SHELL_BOOK_REF, shellCard } from '@/domains/book/lib/book-shell'
import type { BookShellPage } from '@/domains/book/lib/prerendered-path'
import { queryClient } from '@/lib/query-client'
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

/** A book page as it first shows the stand-in card, for the page's template (src/domains/book/lib/book-shell.ts). */
export async function renderBookShell(page: BookShellPage): Promise<string> {
  // The stand-in book is public and read by a visitor: its reading screen shows at once, with no memories.
  queryClient.setQueryData(bookKeys.card(SHELL_BOOK_REF), shellCard)
  queryClient.setQueryData(bookKeys.access(shellCard.id), { canRead: false, canManage: false })
  queryClient.setQueryData(bookKeys.memoriesFor(shellCard.id, null), [])
  try {
    return await renderPage(`/${page}/${SHELL_BOOK_REF}`)
  } finally {
    queryClient.clear()
  }
}
