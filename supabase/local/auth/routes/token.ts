/** POST /token?grant_type=password | refresh_token | pkce. */
import { authJson, badRequest, tooManyRequests } from '../errors.ts'
import { clientAddress, stringField, type AuthContext, type RouteHandler } from '../context.ts'
import { isWeakPassword, passwordMatches } from '../passwords.ts'
import { exchangeAuthCode } from '../pkce.ts'
import { AttemptGuard, type AttemptLimiter } from '../rate-limit.ts'
import { issueSession, refreshSession } from '../sessions.ts'
import { findUserByEmail, findUserById, normaliseEmail, touchSignIn } from '../users.ts'

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials')

/**
 * Wrong passwords are limited per account and client, per client across accounts, and per account
 * across clients (a higher ceiling), so one client can neither lock the owner out nor spray. The
 * account's ceiling does not hold a client the account signed in from before: a distributed
 * guess slows new clients down and never locks the owner out of their own devices.
 * The attempt is counted before the password is checked; a right password gives it back.
 */
async function passwordGrant(ctx: AuthContext): Promise<Response> {
  const { body, settings, limits } = ctx
  const email = normaliseEmail(body.email)
  const password = stringField(body, 'password') ?? ''
  if (!email) throw badRequest('validation_failed', 'missing email or phone')
  const client = clientAddress(ctx.req)
  const pairs: Array<[AttemptLimiter, string]> = [
    [limits.signInPerAccountAndClient, `${email} ${client}`],
    [limits.signInPerClient, client],
  ]
  if (!limits.knownClients.knows(email, client)) pairs.push([limits.signInPerAccount, email])
  const guard = AttemptGuard.reserve(pairs)
  if (!guard) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached')
  const user = await findUserByEmail(ctx.db, email)
  if (!user || !(await passwordMatches(password, user.encrypted_password))) throw invalidCredentials()
  guard.release()
  limits.signInPerAccountAndClient.reset(`${email} ${client}`)
  limits.knownClients.remember(email, client)
  if (user.banned_until && new Date(user.banned_until) > new Date()) throw badRequest('user_banned', 'User is banned')
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed')
  const session = await ctx.db.transaction(async (tx) =>
    issueSession(tx, settings, await touchSignIn(tx, user.id), 'password'),
  )
  if (!isWeakPassword(password, settings.minPasswordLength)) return authJson(session)
  const message = `Password should be at least ${settings.minPasswordLength} characters.`
  return authJson({ ...session, weak_password: { reasons: ['length'], message } })
}

async function refreshTokenGrant(ctx: AuthContext): Promise<Response> {
  const token = stringField(ctx.body, 'refresh_token')
  if (!token) return authJson({ error: 'invalid_request', error_description: 'refresh_token required' }, 400)
  return authJson(await refreshSession(ctx.db, ctx.settings, token))
}

async function pkceGrant(ctx: AuthContext): Promise<Response> {
  const { body, settings } = ctx
  const session = await ctx.db.transaction(async (tx) => {
    const flow = await exchangeAuthCode(tx, body.auth_code, body.code_verifier, settings.flowStateExpirySeconds)
    const user = await findUserById(tx, flow.userId)
    if (!user) throw badRequest('user_not_found', 'User not found')
    return issueSession(tx, settings, await touchSignIn(tx, user.id), flow.method)
  })
  return authJson(session)
}

export const token: RouteHandler = async (ctx) => {
  const grantType = ctx.url.searchParams.get('grant_type')
  if (grantType === 'password') return passwordGrant(ctx)
  if (grantType === 'refresh_token') return refreshTokenGrant(ctx)
  if (grantType === 'pkce') return pkceGrant(ctx)
  throw badRequest('validation_failed', 'unsupported_grant_type')
}
