/**
 * POST /verify (supabase-js verifyOtp) answers a session; GET /verify (the link in an e-mail)
 * answers 303 back to the app with the session in the fragment, or ?code= for PKCE.
 */
import { AuthApiError, authJson, badRequest, tooManyRequests } from '../errors.ts'
import { clientAddress, stringField, type AuthContext, type RouteHandler } from '../context.ts'
import { PKCE_PREFIX } from '../otp.ts'
import { issueAuthCode } from '../pkce.ts'
import { errorRedirect, implicitRedirect, pkceRedirect, resolveRedirect, type RedirectSession } from '../redirects.ts'
import { issueSession } from '../sessions.ts'
import { AttemptGuard, type AttemptLimiter } from '../rate-limit.ts'
import { normaliseEmail, touchSignIn } from '../users.ts'
import {
  consumeVerification,
  FLOW_METHOD,
  invalidateCodes,
  otpExpired,
  type RequestedVerifyType,
} from '../verification.ts'

const VERIFY_TYPES: readonly RequestedVerifyType[] = [
  'signup',
  'recovery',
  'magiclink',
  'invite',
  'email_change',
  'email',
]

function verifyType(value: string | null | undefined): RequestedVerifyType {
  if (!value) throw badRequest('validation_failed', 'Verify requires a verification type')
  const type = VERIFY_TYPES.find((known) => known === value)
  if (!type) throw badRequest('validation_failed', 'Unsupported verification type')
  return type
}

const rateLimited = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached')

/**
 * Which code a typed attempt is guessing: the address and when its codes were last sent. Every new
 * code starts a new count, so the owner gets fresh tries with a fresh e-mail.
 */
async function codeKey(ctx: AuthContext, address: string): Promise<string> {
  const { rows } = await ctx.db.query<{ sent: string | null }>(
    `select greatest("confirmation_sent_at", "recovery_sent_at", "email_change_sent_at")::text as "sent"
       from "auth"."users" where lower("email") = $1 or lower("email_change") = $1
      order by 1 desc nulls last limit 1`,
    [address],
  )
  return `${address} ${rows[0]?.sent ?? ''}`
}

/**
 * Runs one verification attempt under the limits: per client always, per code when a 6-digit code
 * is typed. The attempt is counted before the code is compared; a right code gives it back. At
 * the code's limit the address's outstanding codes are invalidated: the next try needs a new e-mail.
 */
async function limitedAttempt<T>(ctx: AuthContext, address: string | undefined, attempt: () => Promise<T>): Promise<T> {
  const pairs: Array<[AttemptLimiter, string]> = [[ctx.limits.verifyPerClient, clientAddress(ctx.req)]]
  const code = address ? await codeKey(ctx, address) : undefined
  if (code) pairs.push([ctx.limits.verifyPerEmail, code])
  const guard = AttemptGuard.reserve(pairs)
  if (!guard) throw rateLimited()
  let value: T
  try {
    value = await attempt()
  } catch (error) {
    if (address && code && error instanceof AuthApiError && ctx.limits.verifyPerEmail.isBlocked(code)) {
      await invalidateCodes(ctx.db, address)
    }
    throw error
  }
  guard.release()
  return value
}

export const verifyPost: RouteHandler = async (ctx) => {
  const { body, settings } = ctx
  const type = verifyType(stringField(body, 'type'))
  const tokenHash = stringField(body, 'token_hash')
  const email = stringField(body, 'email')
  const otp = stringField(body, 'token')
  if (!tokenHash && !(email && otp))
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
  const address = !tokenHash && email ? normaliseEmail(email) : undefined
  const session = await limitedAttempt(ctx, address, () =>
    ctx.db.transaction(async (tx) => {
      const { user } = await consumeVerification(tx, settings, { type, tokenHash, email, otp })
      return issueSession(tx, settings, await touchSignIn(tx, user.id), 'otp')
    }),
  )
  return authJson(session)
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'x-supabase-api-version': '2024-01-01' } })
}

export const verifyGet: RouteHandler = async (ctx) => {
  const { settings, url } = ctx
  const redirect = resolveRedirect(settings, url.searchParams.get('redirect_to'))
  const tokenHash = url.searchParams.get('token') ?? ''
  const isPkce = tokenHash.startsWith(PKCE_PREFIX)
  try {
    const type = verifyType(url.searchParams.get('type'))
    if (!tokenHash) throw otpExpired()
    const location = await limitedAttempt(ctx, undefined, () =>
      ctx.db.transaction(async (tx) => {
        const verified = await consumeVerification(tx, settings, { type, tokenHash })
        if (verified.pkce) {
          const code = await issueAuthCode(tx, verified.user.id, FLOW_METHOD[verified.type])
          if (code) return pkceRedirect(redirect, code)
        }
        const user = await touchSignIn(tx, verified.user.id)
        const session = (await issueSession(tx, settings, user, 'otp')) as unknown as RedirectSession
        return implicitRedirect(redirect, session, type)
      }),
    )
    return seeOther(location)
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error
    const description = error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message
    return seeOther(errorRedirect(redirect, error.status, error.code, description, isPkce))
  }
}
