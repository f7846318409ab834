/**
 * The signed-in user behind a request, when there is one: functions that anyone may call (with
 * the publishable key) but that give a signed-in caller more use this. null without a verified
 * user token (an API key, another key's signature, an expired token).
 */
import { verifiedUserClaims, type ServiceClient } from './clients.ts'

export interface OptionalCaller {
  id: string
  /** Lower-cased; null while unconfirmed. */
  confirmedEmail: string | null
}

export async function optionalCaller(req: Request, service: ServiceClient): Promise<OptionalCaller | null> {
  const claims = await verifiedUserClaims(req, service)
  if (!claims) return null
  const { data, error } = await service.auth.admin.getUserById(claims.sub)
  if (error || !data.user) return null
  const confirmed = Boolean(data.user.email_confirmed_at) && Boolean(data.user.email)
  return { id: data.user.id, confirmedEmail: confirmed ? data.user.email!.toLowerCase() : null }
}
