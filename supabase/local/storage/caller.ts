/** Who is calling storage, as the database context its RLS policies see. */
import type { RequestContext } from '../db.ts'
import { resolveCaller } from '../jwt.ts'
import type { StorageRequest } from './context.ts'

export interface StorageCaller {
  context: RequestContext
  /** `owner` / `owner_id` of the rows this caller creates: the JWT's `sub`. */
  owner: { uuid: string | null; id: string | null }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function headerRecord(req: Request): Record<string, string> {
  const headers: Record<string, string> = {}
  req.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  return headers
}

/** Throws JwtError for a bad or expired token (mapped to AccessDenied by the error handler). */
export async function storageCaller({ req, subpath, keys }: StorageRequest): Promise<StorageCaller> {
  const caller = await resolveCaller(req, keys)
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null
  return {
    context: {
      role: caller.role,
      claims: caller.claims,
      method: req.method,
      path: `/storage/v1${subpath}`,
      headers: headerRecord(req),
    },
    owner: { uuid: sub && UUID.test(sub) ? sub : null, id: sub },
  }
}
