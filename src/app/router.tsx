import type { RouteObject } from 'react-router-dom'
import { ErrorFallback } from './ErrorFallback'
import { SiteLayout } from './layout/SiteLayout'
import { PageLoading } from '@/components/screens/PageLoading'
import { t } from '@/i18n/he'
import { RootLayout } from './RootLayout'
import type { RouteHandle } from '@/lib/current-screen'
import { appRoutes, type AppRoute, type RouteAccess } from './routes'

function toRouteObject({ path, screen, load }: AppRoute): RouteObject {
  const handle: RouteHandle = { screen }
  return {
    path,
    handle,
    lazy: async () => {
      const { default: Component } = await load()
      return { Component }
    },
  }
}

// A rare screen: its code is not part of the first download. (The error screen is: it must show
// when the network that would bring it is gone.)
const notFoundRoute: RouteObject = {
  path: '*',
  handle: { screen: 'notFound' } satisfies RouteHandle,
  lazy: async () => ({ Component: (await import('./NotFoundPage')).NotFoundPage }),
}

/**
 * A development tool, not a screen of the product: every route of routes.ts and the demo logins (a
 * production build answers it with the 404 page). Kept out of routes.ts, which the page lists.
 */
export const devNavigationRoute: AppRoute = {
  path: '/dev-navigation',
  screen: 'devNavigation',
  kind: 'app',
  load: () => import('./DevNavigationPage'),
}

const dataLayoutRoute = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: (await import('./DataLayout')).default }),
  children,
})

/** The screens that need an account, behind the one route guard (loaded with them, not before). */
const guardedRoute = (access: RouteAccess, children: RouteObject[]): RouteObject => ({
  lazy: async () => {
    const { RouteGuard } = await import('./RouteGuard')
    return { element: <RouteGuard access={access} /> }
  },
  children,
})

function appScreenRoutes(routes: readonly AppRoute[]): RouteObject[] {
  const app = routes.filter((route) => route.kind === 'app')
  const withAccess = (access: RouteAccess | undefined) =>
    app.filter((route) => route.access === access).map(toRouteObject)
  const guarded = (['signedIn', 'platformAdmin'] as const)
    .map((access) => [access, withAccess(access)] as const)
    .filter(([, children]) => children.length > 0)
    .map(([access, children]) => guardedRoute(access, children))
  return [...withAccess(undefined), ...guarded]
}

/**
 * The whole route tree: root (scroll to top, page title, error fallback) → site layout (header,
 * footer, and the error fallback inside them) → the public screens, and the app screens inside the data layout (those that need an
 * account behind the route guard); anything else is the 404.
 */
export function buildRoutes(routes: readonly AppRoute[] = [...appRoutes, devNavigationRoute]): RouteObject[] {
  const publicRoutes = routes.filter((route) => route.kind === 'public').map(toRouteObject)
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      // Until the first screen's code has arrived: the page's one main and heading already there.
      hydrateFallbackElement: (
        <main className="min-h-dvh">
          <h1 className="sr-only">{t('common.pageLoading')}</h1>
          <PageLoading />
        </main>
      ),
      children: [
        {
          element: <SiteLayout />,
          children: [
            {
              // A screen that fails keeps the header and footer around the message, and the way back.
              errorElement: <ErrorFallback inLayout />,
              children: [...publicRoutes, dataLayoutRoute(appScreenRoutes(routes)), notFoundRoute],
            },
          ],
        },
      ],
    },
  ]
}
