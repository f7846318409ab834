/**
 * The project's keys as the platform gives them to functions: SUPABASE_SECRET_KEYS and
 * SUPABASE_PUBLISHABLE_KEYS (JSON objects of named keys, `default` first) and SUPABASE_JWKS; a
 * project that still has only the legacy keys gives SUPABASE_SERVICE_ROLE_KEY / SUPABASE_ANON_KEY.
 * The functions use these keys to call the project; they never compare a request's headers with them.
 */
import type { SupabaseClient } from '@supabase/supabase-js'

type Jwks = NonNullable<NonNullable<Parameters<SupabaseClient['auth']['getClaims']>[1]>['jwks']>

function namedKey(variable: string): string | undefined {
  const text = Deno.env.get(variable)
  if (!text) return undefined
  try {
    const keys = JSON.parse(text) as Record<string, unknown>
    const value = keys.default ?? Object.values(keys)[0]
    return typeof value === 'string' && value ? value : undefined
  } catch {
    throw new Error(`${variable} is not a JSON object of named keys`)
  }
}

function keyFrom(current: string, legacy: string): string {
  const value = namedKey(current) ?? Deno.env.get(legacy)
  if (!value) throw new Error(`Missing environment variable ${current} (or the legacy ${legacy})`)
  return value
}

/** The secret key (role service_role): server-side only. */
export function secretKey(): string {
  return keyFrom('SUPABASE_SECRET_KEYS', 'SUPABASE_SERVICE_ROLE_KEY')
}

/** The publishable key (role anon). */
export function publishableKey(): string {
  return keyFrom('SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_ANON_KEY')
}

/** SUPABASE_JWKS (`{"keys":[…]}` or `[…]`), when the platform gives it; else getClaims fetches it. */
export function projectJwks(): Jwks | undefined {
  const text = Deno.env.get('SUPABASE_JWKS')
  if (!text) return undefined
  const parsed = JSON.parse(text) as Partial<Jwks> | Jwks['keys']
  const keys = Array.isArray(parsed) ? parsed : parsed.keys
  return keys?.length ? { keys } : undefined
}
