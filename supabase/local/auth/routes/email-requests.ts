/** POST /recover, /resend and /otp: requests that send an auth e-mail. */
import { authJson, badRequest, invalidEmailError, unprocessable } from '../errors.ts'
import { objectField, stringField, type AuthContext, type RouteHandler } from '../context.ts'
import { savingUser } from '../database-errors.ts'
import { pkceChallenge } from '../pkce.ts'
import { resolveRedirect } from '../redirects.ts'
import { findUserByEmail, insertUser, isValidEmail, normaliseEmail } from '../users.ts'
import { sendVerification } from '../verification.ts'

function requestedEmail(ctx: AuthContext, missingMessage: string): string {
  const email = normaliseEmail(ctx.body.email)
  if (!email) throw badRequest('validation_failed', missingMessage)
  if (!isValidEmail(email)) throw invalidEmailError()
  return email
}

function redirectOf(ctx: AuthContext): string {
  return resolveRedirect(ctx.settings, ctx.url.searchParams.get('redirect_to'))
}

/** Always `{}`, so the answer does not reveal whether the address is registered. */
export const recover: RouteHandler = async (ctx) => {
  const email = requestedEmail(ctx, 'Password recovery requires an email')
  const pkce = pkceChallenge(ctx.body)
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user) return
    await sendVerification(tx, ctx.mailer, ctx.settings, { user, type: 'recovery', redirectTo: redirectOf(ctx), pkce })
  })
  return authJson({})
}

export const resend: RouteHandler = async (ctx) => {
  const type = stringField(ctx.body, 'type')
  if (type !== 'signup' && type !== 'email_change') {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
  }
  const email = requestedEmail(ctx, 'Resend requires an email')
  const pkce = pkceChallenge(ctx.body)
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    const redirectTo = redirectOf(ctx)
    if (type === 'signup' && user && !user.email_confirmed_at) {
      await sendVerification(tx, ctx.mailer, ctx.settings, { user, type, redirectTo, pkce })
    }
    if (type === 'email_change' && user?.email_change) {
      await sendVerification(tx, ctx.mailer, ctx.settings, {
        user,
        type,
        redirectTo,
        pkce,
        newEmail: user.email_change,
      })
    }
  })
  return authJson({})
}

/** Magic link: a confirmed user gets a sign-in link, a new or unconfirmed one the confirmation. */
export const otp: RouteHandler = async (ctx) => {
  const email = requestedEmail(ctx, 'An email address is required')
  const createUser = ctx.body.create_user !== false
  const data = objectField(ctx.body, 'data') ?? {}
  const pkce = pkceChallenge(ctx.body)
  const redirectTo = redirectOf(ctx)
  const alreadyExists = () => unprocessable('user_already_exists', 'User already registered')
  await savingUser('Database error saving new user', alreadyExists, () =>
    ctx.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if (!user && (!createUser || !ctx.settings.signupEnabled)) {
        throw unprocessable('otp_disabled', 'Signups not allowed for otp')
      }
      user ??= await insertUser(tx, { email, encryptedPassword: null, userMetadata: data, confirmed: false })
      const type = user.email_confirmed_at ? 'magiclink' : 'signup'
      await sendVerification(tx, ctx.mailer, ctx.settings, { user, type, redirectTo, pkce })
    }),
  )
  return authJson({})
}
