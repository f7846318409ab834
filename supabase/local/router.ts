/**
 * The local stack's one way to route a request, the way stack.ts hands the gateway its services:
 * an ordered table of paths, each with a handler per method, and the first path that matches
 * decides (a known path with another method is "method not allowed", never a later path's).
 *
 * A pattern is `/`-separated segments: a literal, `:name` (exactly one non-empty segment) or, last,
 * `*name` (whatever follows, possibly nothing, then `name` is unset: the path owns everything under
 * it, as a service owns its prefix). Values stay percent-encoded; the handler decodes what it needs. The method `*`
 * stands for every method the entry does not name.
 */

export type RouteParams = Record<string, string>

export type MethodHandlers<H> = Partial<Record<string, H>>

export type RouteTable<H> = ReadonlyArray<readonly [pattern: string, methods: MethodHandlers<H>]>

export type RouteMatch<H> =
  | { kind: 'handler'; handler: H; params: RouteParams }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' }

type Matcher = (segments: string[]) => RouteParams | null

function compile(pattern: string): Matcher {
  const parts = pattern.split('/').slice(1)
  const last = parts.at(-1)
  const rest = last?.startsWith('*') ? last.slice(1) : undefined
  const fixed = rest === undefined ? parts : parts.slice(0, -1)
  return (segments) => {
    if (rest === undefined ? segments.length !== fixed.length : segments.length < fixed.length) return null
    const params: RouteParams = {}
    for (const [index, part] of fixed.entries()) {
      const segment = segments[index]!
      if (part.startsWith(':')) {
        if (segment === '') return null
        params[part.slice(1)] = segment
      } else if (part !== segment) return null
    }
    if (rest !== undefined && segments.length > fixed.length) params[rest] = segments.slice(fixed.length).join('/')
    return params
  }
}

/** The table's matcher: `(method, pathname)` → the handler and its params, or why there is none. */
export function createRouter<H>(table: RouteTable<H>): (method: string, pathname: string) => RouteMatch<H> {
  const routes = table.map(([pattern, methods]) => ({ matches: compile(pattern), methods }))
  return (method, pathname) => {
    const segments = pathname.split('/').slice(1)
    for (const { matches, methods } of routes) {
      const params = matches(segments)
      if (!params) continue
      const handler = methods[method] ?? methods['*']
      return handler ? { kind: 'handler', handler, params } : { kind: 'method-not-allowed' }
    }
    return { kind: 'not-found' }
  }
}
