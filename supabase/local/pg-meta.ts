/**
 * `POST /pg/query` {query, params}: runs SQL as the database owner and returns the rows, like
 * Supabase's pg-meta. Only the service_role key may call it; tests use it for fixtures and
 * catalogue checks. The app never does.
 */
import { json } from './http.ts'
import { JwtError, resolveCaller } from './jwt.ts'
import { createRouter } from './router.ts'
import type { Stack, StackService } from './types.ts'

/** Its one endpoint. */
const route = createRouter<true>([['/query', { POST: true }]])

export function createPgMetaService(stack: Stack): StackService {
  return {
    prefix: '/pg',
    async handle(req, ctx) {
      if (route(req.method, ctx.subpath).kind !== 'handler') return json({ message: 'Not found' }, 404)
      try {
        const caller = await resolveCaller(req, stack.config)
        if (caller.role !== 'service_role') return json({ message: 'service_role key required' }, 403)
      } catch (error) {
        if (error instanceof JwtError) return json({ message: error.message }, 401)
        throw error
      }
      const { query, params } = (await req.json()) as { query?: string; params?: unknown[] }
      if (!query) return json({ message: 'query is required' }, 400)
      try {
        const result = params?.length ? await stack.db.query(query, params) : await stack.db.query(query)
        return json(result.rows)
      } catch (error) {
        const pgError = error as { message?: string; code?: string }
        return json({ message: pgError.message ?? String(error), code: pgError.code ?? null }, 400)
      }
    },
  }
}
