/**
 * Per-role settings as PostgREST applies them: every request's transaction gets the role's
 * `statement_timeout` from `alter role … set` (pg_db_role_setting), read once per role and cached.
 * A role without its own setting keeps the session's, which is the login role's (`authenticator`,
 * 8 s on hosted Supabase): so service_role's statements stop at 8 s too. Without any setting the
 * hosted values apply (anon 3 s, authenticated and service_role 8 s).
 */
import type { Queryable } from './queryable.ts'

type Role = 'anon' | 'authenticated' | 'service_role'

export const FALLBACK_STATEMENT_TIMEOUT: Record<Role, string> = { anon: '3s', authenticated: '8s', service_role: '8s' }

const CACHE_MS = 60_000
const cache = new WeakMap<Queryable, Map<Role, { value: string; at: number }>>()

/** The role's statement_timeout, cached per database `db`; `reader` runs the lookup (db by default). */
export async function roleStatementTimeout(db: Queryable, role: Role, reader: Queryable = db): Promise<string> {
  let perDb = cache.get(db)
  if (!perDb) cache.set(db, (perDb = new Map()))
  const hit = perDb.get(role)
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value
  const { rows } = await reader.query<{ value: string | null }>(
    `select (select substr(c, length('statement_timeout=') + 1)
               from pg_catalog.pg_db_role_setting s
               join pg_catalog.pg_roles r on r.oid = s.setrole
               cross join unnest(s.setconfig) c
              where r.rolname in ($1, 'authenticator')
                and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
                and c like 'statement_timeout=%'
              order by r.rolname = $1 desc, s.setdatabase desc
              limit 1) as value`,
    [role],
  )
  const value = rows[0]?.value ?? FALLBACK_STATEMENT_TIMEOUT[role]
  perDb.set(role, { value, at: Date.now() })
  return value
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }

/** A PostgreSQL duration setting ('3s', '8000', '1min') in milliseconds; 0 means none. */
export function durationSettingMs(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value)
  if (!match) return 0
  return Number(match[1]) * UNIT_MS[match[2] ?? 'ms']!
}
