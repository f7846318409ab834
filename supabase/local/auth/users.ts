/** auth.users and auth.identities, read and written as the database owner (as GoTrue does). */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db.ts'

export type Json = Record<string, unknown>

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  email_change_token_new: string | null
  email_change: string | null
  email_change_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Json | null
  raw_user_meta_data: Json | null
  created_at: Date | null
  updated_at: Date | null
  phone: string | null
  confirmed_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Json
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

/** The columns this service writes; anything else is never interpolated into SQL. */
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'encrypted_password'
    | 'email_confirmed_at'
    | 'invited_at'
    | 'confirmation_token'
    | 'confirmation_sent_at'
    | 'recovery_token'
    | 'recovery_sent_at'
    | 'email_change_token_new'
    | 'email_change'
    | 'email_change_sent_at'
    | 'last_sign_in_at'
    | 'raw_app_meta_data'
    | 'raw_user_meta_data'
    | 'role'
    | 'banned_until'
  >
>

const JSON_COLUMNS = new Set(['raw_app_meta_data', 'raw_user_meta_data'])

export function normaliseEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

export function isValidEmail(email: string): boolean {
  return email.length <= 255 && /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[A-Za-z0-9-]{2,}$/.test(email)
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const { rows } = await q.query<UserRow>('select * from "auth"."users" where "id" = $1', [id])
  return rows[0]
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    'select * from "auth"."users" where lower("email") = $1 and "is_sso_user" = false',
    [normaliseEmail(email)],
  )
  return rows[0]
}

export type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new'

export async function findUserByToken(q: Queryable, column: TokenColumn, token: string): Promise<UserRow | undefined> {
  if (!token) return undefined
  const { rows } = await q.query<UserRow>(`select * from "auth"."users" where "${column}" = $1`, [token])
  return rows[0]
}

export async function listIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    'select * from "auth"."identities" where "user_id" = $1 order by "created_at"',
    [userId],
  )
  return rows
}

export async function updateUser(q: Queryable, id: string, patch: UserPatch): Promise<UserRow> {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined)
  const sets = entries.map(([column], i) => `"${column}" = $${i + 2}`)
  const values = entries.map(([column, value]) => (JSON_COLUMNS.has(column) ? JSON.stringify(value) : value))
  const { rows } = await q.query<UserRow>(
    `update "auth"."users" set ${[...sets, '"updated_at" = now()'].join(', ')} where "id" = $1 returning *`,
    [id, ...values],
  )
  if (!rows[0]) throw new Error(`user ${id} vanished during an update`)
  return rows[0]
}

export interface NewUser {
  email: string
  encryptedPassword: string | null
  userMetadata: Json
  appMetadata?: Json
  confirmed: boolean
  confirmationToken?: string
  invited?: boolean
  id?: string
  role?: string
}

/**
 * Inserts the user and its e-mail identity. Run inside a transaction: triggers on auth.users
 * (an app's `handle_new_user`) fire here, and their failure must undo both rows.
 */
export async function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID()
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata }
  const sent = user.confirmationToken ? 'now()' : 'null'
  const { rows } = await q.query<UserRow>(
    `insert into "auth"."users" ("instance_id", "id", "aud", "role", "email", "encrypted_password",
       "email_confirmed_at", "invited_at", "confirmation_token", "confirmation_sent_at",
       "raw_app_meta_data", "raw_user_meta_data", "created_at", "updated_at", "is_anonymous")
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
       ${user.confirmed ? 'now()' : 'null'}, ${user.invited ? 'now()' : 'null'}, $5, ${sent},
       $6, $7, now(), now(), false)
     returning *`,
    [
      id,
      user.role ?? 'authenticated',
      user.email,
      user.encryptedPassword ?? '',
      user.confirmationToken ?? '',
      JSON.stringify(appMetadata),
      JSON.stringify(user.userMetadata),
    ],
  )
  const identityData = {
    ...user.userMetadata,
    sub: id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false,
  }
  await q.query(
    `insert into "auth"."identities" ("provider_id", "user_id", "identity_data", "provider", "created_at", "updated_at")
     values ($1::text, $1::uuid, $2, 'email', now(), now())`,
    [id, JSON.stringify(identityData)],
  )
  return rows[0]!
}

/** Keeps the e-mail identity's data in step with the user (verified flag, address). */
export async function syncEmailIdentity(q: Queryable, user: UserRow): Promise<void> {
  await q.query(
    `update "auth"."identities"
        set "identity_data" = "identity_data" || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
            "updated_at" = now()
      where "user_id" = $1 and "provider" = 'email'`,
    [user.id, user.email, user.email_confirmed_at !== null],
  )
}

export async function touchSignIn(q: Queryable, userId: string): Promise<UserRow> {
  await q.query(
    `update "auth"."identities" set "last_sign_in_at" = now() where "user_id" = $1 and "provider" = 'email'`,
    [userId],
  )
  const { rows } = await q.query<UserRow>(
    'update "auth"."users" set "last_sign_in_at" = now() where "id" = $1 returning *',
    [userId],
  )
  return rows[0]!
}

/** Shallow merge; a key set to null is removed, as GoTrue does for user_metadata. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged: Json = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}
