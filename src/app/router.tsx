import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { ErrorFallback } from './ErrorFallback'
import { SiteLayout } from './layout/SiteLayout'
import { NotFoundPage } from './NotFoundPage'
import { PageLoading } from '@/components/screens/PageLoading'
import { RootLayout } from './RootLayout'
import type { RouteHandle } from '@/lib/current-screen'
import { appRoutes, type AppRoute } from './routes'

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

const notFoundRoute: RouteObject = {
  path: '*',
  handle: { screen: 'notFound' } satisfies RouteHandle,
  element: <NotFoundPage />,
}

const dataLayoutRoute = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({ Component: (await import('./DataLayout')).default }),
  children,
})

/**
 * The whole route tree: root (scroll to top, page title, error fallback) → site layout (header,
 * footer) → the public screens, and the app screens inside the data layout; anything else is the 404.
 */
export function buildRoutes(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  const publicRoutes = routes.filter((route) => route.kind === 'public').map(toRouteObject)
  const appScreenRoutes = routes.filter((route) => route.kind === 'app').map(toRouteObject)
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          element: <SiteLayout />,
          children: [...publicRoutes, dataLayoutRoute(appScreenRoutes), notFoundRoute],
        },
      ],
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes())
}
