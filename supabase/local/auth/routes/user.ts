/** GET/PUT /user and POST /logout: the signed-in user's own endpoints. */
import { requireUser } from '../access.ts'
import { authJson, badRequest, forbidden, invalidEmailError, unprocessable } from '../errors.ts'
import { objectField, stringField, type AuthContext, type RouteHandler } from '../context.ts'
import { assertStrongPassword, hashPassword, passwordMatches } from '../passwords.ts'
import { pkceChallenge } from '../pkce.ts'
import { resolveRedirect } from '../redirects.ts'
import { endSessions, type LogoutScope } from '../sessions.ts'
import { userJson } from '../user-json.ts'
import type { Queryable } from '../../db.ts'
import {
  findUserByEmail,
  isValidEmail,
  listIdentities,
  mergeMetadata,
  normaliseEmail,
  syncEmailIdentity,
  updateUser,
  type UserRow,
} from '../users.ts'
import { sendVerification } from '../verification.ts'

export const getUser: RouteHandler = async (ctx) => {
  const { user } = await requireUser(ctx.db, ctx.req, ctx.keys)
  return authJson(userJson(user, await listIdentities(ctx.db, user.id)))
}

/** Checks a new password and hashes it, before any transaction (bcrypt is slow). */
async function newPasswordHash(ctx: AuthContext, user: UserRow, password: string): Promise<string> {
  assertStrongPassword(password, ctx.settings.minPasswordLength)
  if (await passwordMatches(password, user.encrypted_password)) {
    throw unprocessable('same_password', 'New password should be different from the old password.')
  }
  return hashPassword(password)
}

async function changeEmail(tx: Queryable, ctx: AuthContext, user: UserRow, requested: string): Promise<UserRow> {
  const email = normaliseEmail(requested)
  if (email === user.email) return user
  if (!isValidEmail(email)) throw invalidEmailError()
  if (await findUserByEmail(tx, email)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered')
  }
  if (ctx.settings.autoconfirm) {
    const updated = await updateUser(tx, user.id, { email })
    await syncEmailIdentity(tx, updated)
    return updated
  }
  const redirectTo = resolveRedirect(ctx.settings, ctx.url.searchParams.get('redirect_to'))
  const pkce = pkceChallenge(ctx.body)
  return sendVerification(tx, ctx.mailer, ctx.settings, {
    user,
    type: 'email_change',
    redirectTo,
    pkce,
    newEmail: email,
  })
}

export const putUser: RouteHandler = async (ctx) => {
  const { body } = ctx
  if (body.app_metadata !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges')
  const caller = await requireUser(ctx.db, ctx.req, ctx.keys)
  const password = stringField(body, 'password')
  const passwordHash = password === undefined ? undefined : await newPasswordHash(ctx, caller.user, password)
  const result = await ctx.db.transaction(async (tx) => {
    const { user: current, sessionId } = await requireUser(tx, ctx.req, ctx.keys)
    let user = current
    if (passwordHash) {
      user = await updateUser(tx, user.id, { encrypted_password: passwordHash, recovery_token: '' })
      // As GoTrue: a new password signs out every other session.
      await endSessions(tx, user.id, sessionId, 'others')
    }
    const data = objectField(body, 'data')
    if (data) user = await updateUser(tx, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) })
    const email = stringField(body, 'email')
    if (email) user = await changeEmail(tx, ctx, user, email)
    return userJson(user, await listIdentities(tx, user.id))
  })
  return authJson(result)
}

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others']

export const logout: RouteHandler = async (ctx) => {
  const scope = ctx.url.searchParams.get('scope') ?? 'global'
  const known = SCOPES.find((s) => s === scope)
  if (!known) throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`)
  await ctx.db.transaction(async (tx) => {
    const { user, sessionId } = await requireUser(tx, ctx.req, ctx.keys)
    await endSessions(tx, user.id, sessionId, known)
  })
  return new Response(null, { status: 204, headers: { 'x-supabase-api-version': '2024-01-01' } })
}
