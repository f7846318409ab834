import { useMatches } from 'react-router-dom'
import type { he } from '@/i18n/he'

/** A screen's key in the catalogue's `routes` section; it names the screen (page title, upcoming screen). */
export type ScreenKey = keyof typeof he.routes

/** What every route carries in its `handle`. */
export interface RouteHandle {
  screen: ScreenKey
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'screen' in handle
}

/** The screen of the deepest matched route, e.g. `'faq'` on /faq. */
export function useCurrentScreen(): ScreenKey | undefined {
  const matches = useMatches()
  const handles = matches.map((match) => match.handle).filter(isRouteHandle)
  return handles.at(-1)?.screen
}
