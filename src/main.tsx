// First: zod's settings must be in place before any module builds a schema.
import '@/lib/zod-jitless'
import '@/styles/index.css'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom'
import { AppProviders } from '@/app/AppProviders'
import { buildRoutes } from '@/app/router'
import { BOOK_SHELL_ID } from '@/domains/book/lib/prerendered-path'
import { markHydrationStarted } from '@/lib/early-tap'

// A book page's card is on its way while the page's code downloads: the built page's head script
// asked for it (src/early-start.ts); the dev server's page has no such script.
if (import.meta.env.DEV) {
  void import('@/domains/book/lib/early-book-card').then(({ startBookCardRequest }) =>
    startBookCardRequest(window.location.pathname),
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html lacks the #root element')

function app(routes: RouteObject[]) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  )
}

/** Hydration needs the screen's code at hand: the lazy routes of this address are loaded first. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy)
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}

/** After each of React's commits, before the browser paints: the app's screen replaces the painted one at once. */
function replacePaintedScreenWhenReady(root: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (!root.hasChildNodes() || root.querySelector('[data-page-loading]')) return
    observer.disconnect()
    document.getElementById(BOOK_SHELL_ID)?.remove()
    delete document.documentElement.dataset.prerender
  })
  observer.observe(root, { childList: true, subtree: true })
}

const routes = buildRoutes()
const prerender = document.documentElement.dataset.prerender
// The build prerenders the landing page into index.html (scripts/vite-prerender-plugin.ts); it is
// hydrated where it belongs, and replaced on every other address. Hydrating in a transition lets
// React yield to the browser between components: the page, already painted, stays responsive.
// A book page whose first screen the head script painted (src/domains/book/lib/book-shell.ts) is rendered out of
// sight, in a transition too, and takes that screen's place once it shows more than a loading screen.
if (prerender === 'book-shell') {
  replacePaintedScreenWhenReady(container)
  void loadMatchedRoutes(routes).then(() => {
    const root = createRoot(container)
    startTransition(() => root.render(app(routes)))
  })
} else if (container.hasChildNodes() && prerender !== 'skip') {
  void loadMatchedRoutes(routes).then(() => {
    markHydrationStarted()
    startTransition(() => void hydrateRoot(container, app(routes)))
  })
} else {
  container.replaceChildren()
  delete document.documentElement.dataset.prerender
  createRoot(container).render(app(routes))
}
