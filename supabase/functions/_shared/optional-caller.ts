/**
 * The signed-in user behind a request, when there is one: functions that anyone may call (with
 * the anon key) but that give a signed-in caller more use this. null for the anon key or a bad token.
 */
import type { ServiceClient } from './clients.ts'

export interface OptionalCaller {
  id: string
  /** Lower-cased; null while unconfirmed. */
  confirmedEmail: string | null
}

export async function optionalCaller(req: Request, service: ServiceClient): Promise<OptionalCaller | null> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]?.trim()
  if (!token || token === Deno.env.get('SUPABASE_ANON_KEY')) return null
  const { data, error } = await service.auth.getUser(token)
  if (error || !data.user) return null
  const confirmed = Boolean(data.user.email_confirmed_at) && Boolean(data.user.email)
  return { id: data.user.id, confirmedEmail: confirmed ? data.user.email!.toLowerCase() : null }
}
