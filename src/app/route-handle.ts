import { useMatches } from 'react-router-dom'
import type { ScreenKey } from './routes'

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
