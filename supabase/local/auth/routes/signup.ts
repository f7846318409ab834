/** POST /signup with GoTrue's outcomes (new, unconfirmed or existing address; autoconfirm on or off). */
import { randomUUID } from 'node:crypto'
import { authJson, badRequest, invalidEmailError, unprocessable } from '../errors.ts'
import { objectField, stringField, type RouteHandler } from '../context.ts'
import { savingUser } from '../database-errors.ts'
import { assertStrongPassword, hashPassword } from '../passwords.ts'
import { pkceChallenge } from '../pkce.ts'
import { resolveRedirect } from '../redirects.ts'
import { issueSession } from '../sessions.ts'
import { userJson } from '../user-json.ts'
import {
  findUserByEmail,
  insertUser,
  isValidEmail,
  listIdentities,
  normaliseEmail,
  touchSignIn,
  type Json,
} from '../users.ts'
import { sendVerification } from '../verification.ts'

const userExists = () => unprocessable('user_already_exists', 'User already registered')

/** What GoTrue answers for a confirmed address when confirmations are on: a decoy, no error. */
function decoyUser(email: string, data: Json): Json {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}

export const signup: RouteHandler = async (ctx) => {
  const { body, settings } = ctx
  if (!settings.signupEnabled) throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  const email = normaliseEmail(body.email)
  const password = stringField(body, 'password') ?? ''
  if (!email) throw badRequest('validation_failed', 'To signup, please provide your email')
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password')
  if (!isValidEmail(email)) throw invalidEmailError()
  assertStrongPassword(password, settings.minPasswordLength)
  const data = objectField(body, 'data') ?? {}
  const pkce = pkceChallenge(body)
  const redirectTo = resolveRedirect(settings, ctx.url.searchParams.get('redirect_to'))
  const encryptedPassword = await hashPassword(password)

  const result = await savingUser('Database error saving new user', userExists, () =>
    ctx.db.transaction(async (tx): Promise<Json> => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at || (existing && settings.autoconfirm)) {
        if (settings.autoconfirm) throw userExists()
        return decoyUser(email, data)
      }
      if (existing) {
        // GoTrue does not touch an unconfirmed user's password or data: it only re-sends the mail.
        const user = await sendVerification(tx, ctx.mailer, settings, {
          user: existing,
          type: 'signup',
          redirectTo,
          pkce,
        })
        return userJson(user, await listIdentities(tx, user.id))
      }
      const user = await insertUser(tx, {
        email,
        encryptedPassword,
        userMetadata: data,
        confirmed: settings.autoconfirm,
      })
      if (settings.autoconfirm) return issueSession(tx, settings, await touchSignIn(tx, user.id), 'password')
      const sent = await sendVerification(tx, ctx.mailer, settings, { user, type: 'signup', redirectTo, pkce })
      return userJson(sent, await listIdentities(tx, sent.id))
    }),
  )
  return authJson(result)
}
