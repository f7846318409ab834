/**
 * One-time e-mail tokens: issued into auth.users (confirmation_token, recovery_token,
 * email_change_token_new) and mailed; later consumed by /verify, once, before they expire.
 */
import type { Queryable } from '../db.ts'
import type { Mailer } from '../types.ts'
import { forbidden, tooManyRequests } from './errors.ts'
import { sendAuthEmail, type VerifyType } from './emails.ts'
import { generateOtp, PKCE_PREFIX, tokenHash, withoutFlowPrefix } from './otp.ts'
import { createFlowState, type FlowMethod, type PkceChallenge } from './pkce.ts'
import type { AuthSettings } from './settings.ts'
import {
  findUserByEmail,
  findUserByToken,
  normaliseEmail,
  syncEmailIdentity,
  updateUser,
  type TokenColumn,
  type UserPatch,
  type UserRow,
} from './users.ts'

export const FLOW_METHOD: Record<VerifyType, FlowMethod> = {
  signup: 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  invite: 'invite',
  email_change: 'email_change',
}

interface TokenSlot {
  column: TokenColumn
  sentAt: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'
}

const SLOT: Record<VerifyType, TokenSlot> = {
  signup: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { column: 'email_change_token_new', sentAt: 'email_change_sent_at' },
}

export interface IssuedToken {
  otp: string
  /** What the link carries: the stored value, `pkce_`-prefixed for PKCE. */
  hash: string
  user: UserRow
}

/** GoTrue's per-user frequency limit on auth e-mails (config.toml `max_frequency`). */
function assertCanSend(settings: AuthSettings, user: UserRow, type: VerifyType): void {
  const sentAt = user[SLOT[type].sentAt]
  if (!sentAt) return
  const waitMs = new Date(sentAt).getTime() + settings.emailMaxFrequencyMs - Date.now()
  if (waitMs > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
    )
  }
}

/** Stores a fresh token for `type` (no e-mail; generate_link uses this alone). */
export async function issueToken(
  q: Queryable,
  user: UserRow,
  type: VerifyType,
  pkce?: PkceChallenge,
  newEmail?: string,
): Promise<IssuedToken> {
  const otp = generateOtp()
  const address = type === 'email_change' && newEmail ? newEmail : (user.email ?? '')
  const hash = (pkce ? PKCE_PREFIX : '') + tokenHash(address, otp)
  const now = new Date()
  const patch: UserPatch = { [SLOT[type].column]: hash, [SLOT[type].sentAt]: now }
  if (type === 'email_change') patch.email_change = newEmail
  if (type === 'invite') patch.invited_at = user.invited_at ?? now
  const updated = await updateUser(q, user.id, patch)
  if (pkce) await createFlowState(q, user.id, pkce, FLOW_METHOD[type])
  return { otp, hash, user: updated }
}

/** Issues the token and sends the e-mail for it (rate limited per user and kind). */
export async function sendVerification(
  q: Queryable,
  mailer: Mailer,
  settings: AuthSettings,
  options: { user: UserRow; type: VerifyType; redirectTo: string; pkce?: PkceChallenge; newEmail?: string },
): Promise<UserRow> {
  assertCanSend(settings, options.user, options.type)
  const issued = await issueToken(q, options.user, options.type, options.pkce, options.newEmail)
  const to = options.type === 'email_change' ? (options.newEmail ?? '') : (issued.user.email ?? '')
  await sendAuthEmail(mailer, settings, {
    type: options.type,
    to,
    email: issued.user.email ?? '',
    otp: issued.otp,
    hash: issued.hash,
    redirectTo: options.redirectTo,
    newEmail: options.newEmail,
  })
  return issued.user
}

export type RequestedVerifyType = VerifyType | 'email'

export interface VerifyParams {
  type: RequestedVerifyType
  tokenHash?: string
  email?: string
  otp?: string
}

export interface Verified {
  user: UserRow
  type: VerifyType
  pkce: boolean
}

export const otpExpired = () => forbidden('otp_expired', 'Token has expired or is invalid')

/** 'email' is GoTrue's catch-all: a sign-up confirmation or a magic link. */
function candidateTypes(type: RequestedVerifyType): VerifyType[] {
  return type === 'email' ? ['signup', 'magiclink'] : [type]
}

async function findByParams(q: Queryable, params: VerifyParams, type: VerifyType): Promise<UserRow | undefined> {
  const { column } = SLOT[type]
  if (params.tokenHash) return findUserByToken(q, column, params.tokenHash)
  if (!params.email || !params.otp) return undefined
  const email = normaliseEmail(params.email)
  const user =
    type === 'email_change'
      ? ((await q.query<UserRow>('select * from "auth"."users" where lower("email_change") = $1', [email])).rows[0] ??
        (await findUserByEmail(q, email)))
      : await findUserByEmail(q, email)
  const stored = user?.[column]
  if (!user || !stored) return undefined
  const address = type === 'email_change' ? (user.email_change ?? '') : (user.email ?? '')
  return withoutFlowPrefix(stored) === tokenHash(address, params.otp) ? user : undefined
}

function isExpired(settings: AuthSettings, user: UserRow, type: VerifyType): boolean {
  const sentAt = user[SLOT[type].sentAt]
  return !sentAt || new Date(sentAt).getTime() + settings.otpExpirySeconds * 1000 < Date.now()
}

async function markVerified(q: Queryable, user: UserRow, type: VerifyType): Promise<UserRow> {
  const now = new Date()
  const confirm = { email_confirmed_at: user.email_confirmed_at ?? now }
  let updated: UserRow
  if (type === 'signup' || type === 'invite') {
    updated = await updateUser(q, user.id, { ...confirm, confirmation_token: '' })
  } else if (type === 'recovery' || type === 'magiclink') {
    updated = await updateUser(q, user.id, { ...confirm, recovery_token: '' })
  } else {
    updated = await updateUser(q, user.id, {
      email: user.email_change ?? user.email,
      email_change: '',
      email_change_token_new: '',
    })
  }
  await syncEmailIdentity(q, updated)
  return updated
}

/** Finds the token's user, checks expiry, and consumes the token (single use). */
export async function consumeVerification(
  q: Queryable,
  settings: AuthSettings,
  params: VerifyParams,
): Promise<Verified> {
  for (const type of candidateTypes(params.type)) {
    const user = await findByParams(q, params, type)
    if (!user) continue
    if (isExpired(settings, user, type)) throw otpExpired()
    const pkce = (user[SLOT[type].column] ?? '').startsWith(PKCE_PREFIX)
    return { user: await markVerified(q, user, type), type, pkce }
  }
  throw otpExpired()
}

/** Clears every outstanding e-mail code of the address (too many wrong tries). */
export async function invalidateCodes(q: Queryable, address: string): Promise<void> {
  await q.query(
    `update "auth"."users"
        set "confirmation_token" = '', "recovery_token" = '', "email_change_token_new" = ''
      where lower("email") = $1 or lower("email_change") = $1`,
    [address],
  )
}
