import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { buildRoutes } from '@/app/router'
import type { AppRoute } from '@/app/routes'

export type { AppRoute }

/** Renders the app's route tree in memory at `path`; returns the router to inspect or navigate. */
export function renderRoute(path: string, routes?: readonly AppRoute[]) {
  const router = createMemoryRouter(buildRoutes(routes), { initialEntries: [path] })
  const view = render(<RouterProvider router={router} />)
  return { router, ...view }
}
