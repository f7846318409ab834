/**
 * Sessions, refresh tokens and the access-token JWT: one auth.sessions
 * row per sign-in, rotating refresh tokens with GoTrue's reuse window.
 */
import { randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../db.ts'
import { signJwt } from '../jwt.ts'
import { AuthApiError, badRequest } from './errors.ts'
import { randomToken } from './otp.ts'
import type { AuthSettings } from './settings.ts'
import { userJson } from './user-json.ts'
import { findUserById, listIdentities, type Json, type UserRow } from './users.ts'

/** The amr claim's method: 'password', 'otp', or a PKCE flow's authentication method. */
export type AuthMethod = string

interface RefreshTokenRow {
  id: number
  token: string
  user_id: string
  revoked: boolean
  updated_at: Date
  parent: string | null
  session_id: string
}

interface AmrRow {
  authentication_method: string
  created_at: Date
}

export interface SessionRow {
  id: string
  user_id: string
}

async function insertRefreshToken(
  q: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomToken()
  await q.query(
    `insert into "auth"."refresh_tokens" ("token", "user_id", "revoked", "parent", "session_id", "created_at", "updated_at")
     values ($1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  )
  return token
}

export async function findSession(q: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  const { rows } = await q.query<SessionRow>('select "id", "user_id" from "auth"."sessions" where "id" = $1', [
    sessionId,
  ])
  return rows[0]
}

async function amrClaims(q: Queryable, sessionId: string): Promise<Json[]> {
  const { rows } = await q.query<AmrRow>(
    `select "authentication_method", "created_at" from "auth"."mfa_amr_claims"
      where "session_id" = $1 order by "created_at" desc`,
    [sessionId],
  )
  return rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(new Date(row.created_at).getTime() / 1000),
  }))
}

async function accessToken(settings: AuthSettings, user: UserRow, sessionId: string, amr: Json[]) {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + settings.jwtExpirySeconds
  const token = await signJwt({
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    iss: settings.authUrl,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  })
  return { token, exp }
}

/** GoTrue's AccessTokenResponse. */
async function sessionBody(
  q: Queryable,
  settings: AuthSettings,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<Json> {
  const { token, exp } = await accessToken(settings, user, sessionId, await amrClaims(q, sessionId))
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: settings.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await listIdentities(q, user.id)),
  }
}

/** Opens a session for a user who just proved who they are, and returns the session body. */
export async function issueSession(
  q: Queryable,
  settings: AuthSettings,
  user: UserRow,
  method: AuthMethod,
): Promise<Json> {
  const sessionId = randomUUID()
  await q.query(
    `insert into "auth"."sessions" ("id", "user_id", "aal", "created_at", "updated_at")
     values ($1, $2, 'aal1', now(), now())`,
    [sessionId, user.id],
  )
  await q.query(
    `insert into "auth"."mfa_amr_claims" ("id", "session_id", "authentication_method", "created_at", "updated_at")
     values (gen_random_uuid(), $1, $2, now(), now())`,
    [sessionId, method],
  )
  const refreshToken = await insertRefreshToken(q, user.id, sessionId, null)
  return sessionBody(q, settings, user, sessionId, refreshToken)
}

const notFoundToken = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')

async function activeChild(q: Queryable, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await q.query<RefreshTokenRow>(
    `select * from "auth"."refresh_tokens" where "session_id" = $1 and "revoked" = false order by "id" desc limit 1`,
    [sessionId],
  )
  return rows[0]
}

type RefreshOutcome = { body: Json } | { error: AuthApiError }

async function rotate(q: Queryable, settings: AuthSettings, presented: string): Promise<RefreshOutcome> {
  const { rows } = await q.query<RefreshTokenRow>(
    'select * from "auth"."refresh_tokens" where "token" = $1 for update',
    [presented],
  )
  const token = rows[0]
  if (!token?.session_id) return { error: notFoundToken() }
  // Row-locks the session, so a refresh racing the family's revocation waits for it and sees it.
  const { rows: sessions } = await q.query<{ ended: boolean }>(
    'select coalesce("not_after" <= now(), false) as "ended" from "auth"."sessions" where "id" = $1 for update',
    [token.session_id],
  )
  if (!sessions[0]) return { error: notFoundToken() }
  if (sessions[0].ended) return { error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') }
  const user = await findUserById(q, token.user_id)
  if (!user) return { error: notFoundToken() }
  if (user.banned_until && new Date(user.banned_until) > new Date()) {
    return { error: badRequest('user_banned', 'User is banned') }
  }
  let issued: string | undefined
  if (token.revoked) {
    const reuseUntil = new Date(token.updated_at).getTime() + settings.refreshTokenReuseSeconds * 1000
    if (Date.now() > reuseUntil) {
      // GoTrue treats this as a possible token theft: the whole session's token family dies, for
      // good: the session ends, so no token of it (not even one inside its reuse window) refreshes.
      await q.query(
        'update "auth"."refresh_tokens" set "revoked" = true, "updated_at" = now() where "session_id" = $1',
        [token.session_id],
      )
      await q.query('update "auth"."sessions" set "not_after" = now(), "updated_at" = now() where "id" = $1', [
        token.session_id,
      ])
      return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') }
    }
    const child = await activeChild(q, token.session_id)
    // The client lost the answer of its previous refresh (or another tab won the race): hand back
    // the current child instead of forking the session.
    if (child && child.parent === token.token) issued = child.token
  } else {
    await q.query('update "auth"."refresh_tokens" set "revoked" = true, "updated_at" = now() where "id" = $1', [
      token.id,
    ])
  }
  issued ??= await insertRefreshToken(q, user.id, token.session_id, token.token)
  await q.query('update "auth"."sessions" set "refreshed_at" = now(), "updated_at" = now() where "id" = $1', [
    token.session_id,
  ])
  return { body: await sessionBody(q, settings, user, token.session_id, issued) }
}

export async function refreshSession(db: Database, settings: AuthSettings, presented: string): Promise<Json> {
  // The family revocation must be committed even though the request fails, hence the outcome value.
  const outcome = await db.transaction((tx) => rotate(tx, settings, presented))
  if ('error' in outcome) throw outcome.error
  return outcome.body
}

export type LogoutScope = 'global' | 'local' | 'others'

export async function endSessions(
  q: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await q.query('delete from "auth"."sessions" where "user_id" = $1', [userId])
  } else if (scope === 'local') {
    await q.query('delete from "auth"."sessions" where "id" = $1', [sessionId])
  } else {
    await q.query('delete from "auth"."sessions" where "user_id" = $1 and "id" <> $2', [userId, sessionId])
  }
}
