/** The service-role endpoints: /admin/users[/id], /admin/generate_link, /invite. */
import { requireServiceRole } from '../access.ts'
import { authJson, badRequest, invalidEmailError, notFound, unprocessable } from '../errors.ts'
import { objectField, stringField, type AuthContext, type RouteHandler } from '../context.ts'
import { savingUser } from '../database-errors.ts'
import { durationMs } from '../settings.ts'
import { assertStrongPassword, hashPassword } from '../passwords.ts'
import { resolveRedirect } from '../redirects.ts'
import { userJson } from '../user-json.ts'
import { verificationUrl, type VerifyType } from '../emails.ts'
import type { Queryable } from '../../db.ts'
import type { RouteParams } from '../../router.ts'
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isValidEmail,
  listIdentities,
  mergeMetadata,
  normaliseEmail,
  syncEmailIdentity,
  updateUser,
  type Json,
  type UserPatch,
  type UserRow,
} from '../users.ts'
import { issueToken, sendVerification } from '../verification.ts'

const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered')
const userNotFound = () => notFound('user_not_found', 'User not found')

async function asJson(q: Queryable, user: UserRow): Promise<Json> {
  return userJson(user, await listIdentities(q, user.id))
}

function validEmail(value: unknown): string {
  const email = normaliseEmail(value)
  if (!email || !isValidEmail(email)) throw invalidEmailError()
  return email
}

async function optionalPasswordHash(ctx: AuthContext): Promise<string | undefined> {
  const password = stringField(ctx.body, 'password')
  if (password === undefined) return undefined
  assertStrongPassword(password, ctx.settings.minPasswordLength)
  return hashPassword(password)
}

/** ban_duration: "none" lifts a ban, a Go duration ("24h") bans until now + duration. */
function bannedUntil(value: unknown): Date | null | undefined {
  if (typeof value !== 'string') return undefined
  if (value === 'none') return null
  const ms = durationMs(value, Number.NaN)
  if (Number.isNaN(ms)) throw badRequest('validation_failed', 'invalid format for ban duration')
  return new Date(Date.now() + ms)
}

export const createUser: RouteHandler = async (ctx) => {
  await requireServiceRole(ctx.req, ctx.keys)
  const { body } = ctx
  const email = validEmail(body.email)
  const encryptedPassword = (await optionalPasswordHash(ctx)) ?? null
  const user = await savingUser('Database error creating new user', emailExists, () =>
    ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw emailExists()
      const created = await insertUser(tx, {
        id: stringField(body, 'id'),
        email,
        encryptedPassword,
        userMetadata: objectField(body, 'user_metadata') ?? objectField(body, 'data') ?? {},
        appMetadata: objectField(body, 'app_metadata'),
        confirmed: body.email_confirm === true,
        role: stringField(body, 'role'),
      })
      const banned = bannedUntil(body.ban_duration)
      const result = banned ? await updateUser(tx, created.id, { banned_until: banned }) : created
      return asJson(tx, result)
    }),
  )
  return authJson(user)
}

function pageNumber(value: string | null, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10)
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback
}

function paginationLinks(page: number, perPage: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / perPage))
  const link = (target: number, rel: string) => `</admin/users?page=${target}&per_page=${perPage}>; rel="${rel}"`
  return [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')].join(', ')
}

export const listUsers: RouteHandler = async (ctx) => {
  await requireServiceRole(ctx.req, ctx.keys)
  const page = pageNumber(ctx.url.searchParams.get('page'), 1)
  const perPage = Math.min(pageNumber(ctx.url.searchParams.get('per_page'), 50), 1000)
  const { users, total } = await ctx.db.transaction(
    async (tx) => {
      const count = await tx.query<{ total: number }>('select count(*)::int as "total" from "auth"."users"')
      const { rows } = await tx.query<UserRow>(
        'select * from "auth"."users" order by "created_at" desc, "id" limit $1 offset $2',
        [perPage, (page - 1) * perPage],
      )
      const listed: Json[] = []
      for (const row of rows) listed.push(await asJson(tx, row))
      return { users: listed, total: count.rows[0]?.total ?? 0 }
    },
    { readOnly: true },
  )
  return authJson({ users, aud: 'authenticated' }, 200, {
    'x-total-count': String(total),
    link: paginationLinks(page, perPage, total),
  })
}

/** The user id of `/admin/users/:id`, decoded. */
function userIdOf(params: RouteParams): string {
  return decodeURIComponent(params.id!)
}

async function existingUser(q: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(q, id)
  if (!user) throw userNotFound()
  return user
}

export const getUserById: RouteHandler = async (ctx, params) => {
  const id = userIdOf(params)
  await requireServiceRole(ctx.req, ctx.keys)
  return authJson(await asJson(ctx.db, await existingUser(ctx.db, id)))
}

async function adminPatch(ctx: AuthContext, q: Queryable, user: UserRow): Promise<UserPatch> {
  const { body } = ctx
  const patch: UserPatch = { encrypted_password: await optionalPasswordHash(ctx) }
  if (body.email !== undefined) {
    const email = validEmail(body.email)
    const owner = await findUserByEmail(q, email)
    if (owner && owner.id !== user.id) throw emailExists()
    patch.email = email
  }
  if (body.email_confirm === true) patch.email_confirmed_at = user.email_confirmed_at ?? new Date()
  if (body.email_confirm === false) patch.email_confirmed_at = null
  const userMetadata = objectField(body, 'user_metadata')
  if (userMetadata) patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, userMetadata)
  const appMetadata = objectField(body, 'app_metadata')
  if (appMetadata) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appMetadata)
  patch.role = stringField(body, 'role')
  patch.banned_until = bannedUntil(body.ban_duration)
  return patch
}

export const updateUserById: RouteHandler = async (ctx, params) => {
  const id = userIdOf(params)
  await requireServiceRole(ctx.req, ctx.keys)
  const result = await ctx.db.transaction(async (tx) => {
    const user = await existingUser(tx, id)
    const updated = await updateUser(tx, id, await adminPatch(ctx, tx, user))
    await syncEmailIdentity(tx, updated)
    return asJson(tx, updated)
  })
  return authJson(result)
}

export const deleteUserById: RouteHandler = async (ctx, params) => {
  const id = userIdOf(params)
  await requireServiceRole(ctx.req, ctx.keys)
  const deleted = await ctx.db.transaction(async (tx) => {
    const user = await asJson(tx, await existingUser(tx, id))
    await tx.query('delete from "auth"."users" where "id" = $1', [id])
    return user
  })
  return authJson(deleted)
}

const LINK_TYPES: readonly VerifyType[] = ['signup', 'invite', 'magiclink', 'recovery']

/** The user a link is generated for, created when the link type allows it (as GoTrue does). */
async function linkUser(ctx: AuthContext, tx: Queryable, type: VerifyType, email: string, passwordHash?: string) {
  const data = objectField(ctx.body, 'data') ?? {}
  const existing = await findUserByEmail(tx, email)
  if (existing) {
    if ((type === 'signup' || type === 'invite') && existing.email_confirmed_at) throw emailExists()
    if (type === 'signup' && passwordHash) return updateUser(tx, existing.id, { encrypted_password: passwordHash })
    return existing
  }
  if (type === 'recovery') throw notFound('user_not_found', 'User with this email not found')
  return insertUser(tx, {
    email,
    encryptedPassword: passwordHash ?? null,
    userMetadata: data,
    confirmed: false,
    invited: type === 'invite',
  })
}

export const generateLink: RouteHandler = async (ctx) => {
  await requireServiceRole(ctx.req, ctx.keys)
  const { body, settings } = ctx
  const type = LINK_TYPES.find((known) => known === body.type)
  if (!type) throw badRequest('validation_failed', 'Invalid email action link type requested')
  const email = validEmail(body.email)
  if (type === 'signup' && !stringField(body, 'password')) {
    throw badRequest('validation_failed', 'Signup requires a valid password')
  }
  const passwordHash = await optionalPasswordHash(ctx)
  const redirectTo = resolveRedirect(
    settings,
    ctx.url.searchParams.get('redirect_to') ?? stringField(body, 'redirect_to') ?? stringField(body, 'redirectTo'),
  )
  const result = await savingUser('Database error saving new user', emailExists, () =>
    ctx.db.transaction(async (tx) => {
      const user = await linkUser(ctx, tx, type, email, passwordHash)
      const issued = await issueToken(tx, user, type)
      return {
        ...(await asJson(tx, issued.user)),
        action_link: verificationUrl(settings, issued.hash, type, redirectTo),
        email_otp: issued.otp,
        hashed_token: issued.hash,
        verification_type: type,
        redirect_to: redirectTo,
      }
    }),
  )
  return authJson(result)
}

export const invite: RouteHandler = async (ctx) => {
  await requireServiceRole(ctx.req, ctx.keys)
  const email = validEmail(ctx.body.email)
  const redirectTo = resolveRedirect(ctx.settings, ctx.url.searchParams.get('redirect_to'))
  const data = objectField(ctx.body, 'data') ?? {}
  const user = await savingUser('Database error saving new user', emailExists, () =>
    ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at) throw emailExists()
      const invited =
        existing ??
        (await insertUser(tx, { email, encryptedPassword: null, userMetadata: data, confirmed: false, invited: true }))
      const sent = await sendVerification(tx, ctx.mailer, ctx.settings, { user: invited, type: 'invite', redirectTo })
      return asJson(tx, sent)
    }),
  )
  return authJson(user)
}
