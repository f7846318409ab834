/** PKCE flow state: the e-mail link's code is exchanged for a session with the stored verifier. */
import { createHash, randomUUID } from 'node:crypto'
import type { Queryable } from '../db.ts'
import { AuthApiError, badRequest, notFound } from './errors.ts'
import type { Json } from './users.ts'

export type FlowMethod = 'email/signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change'

export interface PkceChallenge {
  challenge: string
  method: 's256' | 'plain'
}

interface FlowStateRow {
  id: string
  user_id: string | null
  auth_code: string
  code_challenge_method: string
  code_challenge: string
  authentication_method: string
  expired: boolean
}

/** The challenge a PKCE client sent, or undefined for the implicit flow (both fields null). */
export function pkceChallenge(body: Json): PkceChallenge | undefined {
  const challenge = body.code_challenge
  const method = body.code_challenge_method
  if (!challenge && !method) return undefined
  if (typeof challenge !== 'string' || typeof method !== 'string' || !challenge) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  const normalised = method.toLowerCase()
  if (normalised !== 's256' && normalised !== 'plain') {
    throw badRequest('validation_failed', 'Code challenge method not supported')
  }
  return { challenge, method: normalised }
}

export async function createFlowState(
  q: Queryable,
  userId: string,
  pkce: PkceChallenge,
  method: FlowMethod,
): Promise<string> {
  const authCode = randomUUID()
  await q.query(
    `insert into "auth"."flow_state" ("id", "user_id", "auth_code", "code_challenge_method", "code_challenge",
       "provider_type", "authentication_method", "created_at", "updated_at")
     values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
    [randomUUID(), userId, authCode, pkce.method, pkce.challenge, method],
  )
  return authCode
}

/** The code the e-mail link hands back; the clock of its expiry starts at the click. */
export async function issueAuthCode(q: Queryable, userId: string, method: FlowMethod): Promise<string | undefined> {
  const { rows } = await q.query<{ auth_code: string }>(
    `update "auth"."flow_state" set "auth_code_issued_at" = now(), "updated_at" = now()
      where "id" = (select "id" from "auth"."flow_state" where "user_id" = $1 and "authentication_method" = $2
                    order by "created_at" desc limit 1)
      returning "auth_code"`,
    [userId, method],
  )
  return rows[0]?.auth_code
}

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
}

/** Consumes the flow state of `authCode` and returns whose it was; refuses an unknown, expired or mismatched code with GoTrue's errors. */
export async function exchangeAuthCode(
  q: Queryable,
  authCode: unknown,
  verifier: unknown,
  expirySeconds: number,
): Promise<{ userId: string; method: string }> {
  if (typeof authCode !== 'string' || typeof verifier !== 'string' || !authCode || !verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
  }
  const { rows } = await q.query<FlowStateRow>(
    `select *, coalesce("auth_code_issued_at", "created_at") + make_interval(secs => $2) < now() as "expired"
       from "auth"."flow_state" where "auth_code" = $1`,
    [authCode, expirySeconds],
  )
  const flow = rows[0]
  if (!flow?.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
  if (flow.expired) throw new AuthApiError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
  }
  await q.query('delete from "auth"."flow_state" where "id" = $1', [flow.id])
  return { userId: flow.user_id, method: flow.authentication_method }
}
