/**
 * reset-user-password: body {userEmail}, called by a platform admin with their access token as
 * the bearer. Sets a strong temporary password on the user's account, marks the profile
 * must_change_password (the app sends them to /update-password at their next sign-in until they
 * choose a new one) and logs ADMIN_RESET_USER_PASSWORD. Answers {success: true, temporaryPassword};
 * the password is shown once to the admin and stored nowhere else.
 *
 * Refusals: 401 'No valid session' without a verified user token (an API key is not one), 403 for a
 * caller who is not a platform admin (users.role), 404 for an unknown e-mail, 400 for a bad body.
 */
import { serviceClient, verifiedUserClaims, type ServiceClient } from '../_shared/clients/clients.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { temporaryPassword } from './temporary-password.ts'
import { body as bodySchema, type PasswordReset } from '../../../contracts/reset-user-password.ts'
import { messages } from '../../../contracts/messages.ts'

const NO_VALID_SESSION = 'No valid session'

async function requirePlatformAdmin(req: Request, service: ServiceClient): Promise<string> {
  const claims = await verifiedUserClaims(req, service)
  if (!claims) throw new HttpError(401, NO_VALID_SESSION, 'no_session')
  const profile = await service.from('users').select('role').eq('id', claims.sub).maybeSingle()
  if (profile.error) throw new Error(`users: ${profile.error.message}`)
  if (profile.data?.role !== 'admin') {
    throw new HttpError(403, messages.platformAdminRequired, 'platform_admin_required')
  }
  return claims.sub
}

async function userIdByEmail(service: ServiceClient, email: string): Promise<string> {
  const { data, error } = await service.from('users').select('id').eq('email', email).maybeSingle()
  if (error) throw new Error(`users: ${error.message}`)
  if (!data) throw new HttpError(404, messages.userNotFound, 'user_not_found')
  return data.id
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.methodNotAllowed, 'method_not_allowed')
    const service = serviceClient()
    const adminId = await requirePlatformAdmin(req, service)
    const { userEmail } = await parseBody(req, bodySchema)
    const userId = await userIdByEmail(service, userEmail)
    const password = temporaryPassword()
    const updated = await service.auth.admin.updateUserById(userId, { password })
    if (updated.error) throw new Error(`auth: ${updated.error.message}`)
    const recorded = await service.rpc('record_admin_password_reset', { admin_user: adminId, target_user: userId })
    if (recorded.error) throw new Error(`record_admin_password_reset: ${recorded.error.message}`)
    return jsonResponse({ success: true, temporaryPassword: password } satisfies PasswordReset)
  }),
)
