/**
 * The GoTrue-compatible `/auth/v1` service of the local stack: sign-up with e-mail
 * confirmation, password / refresh / PKCE grants, verify links, recovery, logout and the admin API.
 */
import { createRouter } from '../router.ts'
import type { Stack, StackService } from '../types.ts'
import { readJsonBody, type AuthContext, type RouteHandler } from './context.ts'
import { requireKnownApiKey } from './access.ts'
import { AuthApiError, errorResponse } from './errors.ts'
import { createAuthLimiters } from './rate-limit.ts'
import { loadAuthSettings } from './settings.ts'
import * as admin from './routes/admin.ts'
import { otp, recover, resend } from './routes/email-requests.ts'
import { health, jwks, settingsRoute } from './routes/meta.ts'
import { signup } from './routes/signup.ts'
import { token } from './routes/token.ts'
import { getUser, logout, putUser } from './routes/user.ts'
import { verifyGet, verifyPost } from './routes/verify.ts'

const route = createRouter<RouteHandler>([
  ['/signup', { POST: signup }],
  ['/token', { POST: token }],
  ['/user', { GET: getUser, PUT: putUser }],
  ['/logout', { POST: logout }],
  ['/recover', { POST: recover }],
  ['/resend', { POST: resend }],
  ['/otp', { POST: otp }],
  ['/magiclink', { POST: otp }],
  ['/verify', { GET: verifyGet, POST: verifyPost }],
  ['/settings', { GET: settingsRoute }],
  ['/health', { GET: health }],
  ['/.well-known/jwks.json', { GET: jwks }],
  ['/invite', { POST: admin.invite }],
  ['/admin/users', { GET: admin.listUsers, POST: admin.createUser }],
  ['/admin/users/:id', { GET: admin.getUserById, PUT: admin.updateUserById, DELETE: admin.deleteUserById }],
  ['/admin/generate_link', { POST: admin.generateLink }],
])

/** GoTrue's API_MAX_REQUEST_DURATION (10 s): a request not answered by then gets 504 request_timeout. */
const AUTH_MAX_REQUEST_MS = 10_000

/** `work`'s answer, or a 504 `request_timeout` once `limitMs` passed, as GoTrue's timeout middleware answers. */
async function withinRequestDuration(work: Promise<Response>, limitMs: number): Promise<Response> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AuthApiError(504, 'request_timeout', 'Processing this request timed out, please retry after a moment.'),
        ),
      limitMs,
    )
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

export function createAuthService(stack: Stack): StackService {
  const settings = loadAuthSettings(stack)
  const limits = createAuthLimiters()
  return {
    prefix: '/auth/v1',
    async handle(req, { url, subpath }) {
      try {
        const match = route(req.method, subpath.replace(/\/+$/, '') || '/')
        if (match.kind === 'not-found') throw new AuthApiError(404, 'not_found', 'Not found')
        if (match.kind === 'method-not-allowed') throw new AuthApiError(405, 'method_not_allowed', 'Method not allowed')
        const ctx: AuthContext = {
          req,
          url,
          body: await readJsonBody(req),
          db: stack.db,
          mailer: stack.mailer,
          settings,
          limits,
          keys: stack.config,
        }
        await requireKnownApiKey(req, stack.config)
        const answer = match.handler(ctx, match.params)
        answer.catch(() => undefined)
        return await withinRequestDuration(answer, AUTH_MAX_REQUEST_MS)
      } catch (error) {
        if (error instanceof AuthApiError) return errorResponse(req, error)
        console.error('[auth] unexpected failure', error)
        const message = 'Unexpected failure, please check server logs for more information'
        return errorResponse(req, new AuthApiError(500, 'unexpected_failure', message))
      }
    },
  }
}
