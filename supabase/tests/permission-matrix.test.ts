/**
 * Who may do what: every actor × every table operation and function, asserted through supabase-js with real
 * JWTs against the local stack: every actor × every table operation and function.
 *
 * Each check returns true when the operation took effect and false when it was refused, where a
 * refusal is either "nothing happened" (RLS filtered the rows) or a permission error (42501, or
 * 403 from storage). Any other error fails the test, so a broken operation can never pass as a
 * refusal. Operations that change or delete data get a fresh target for every actor.
 *
 * The resulting matrix is printed and written to test-results/permission-matrix.md.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  type Client,
  confirmAdmin,
  createBook,
  familyAccessGrant,
  inviteAdmin,
  inviteTransfer,
  newGiftCode,
  serviceClient,
  signedInUser,
  sql,
  type TestBook,
  type SignedInUser,
  TINY_JPEG,
  unique,
} from '../local/testing/index.ts'

const ACTORS = [
  'anonymous',
  'family-code holder',
  'stranger',
  'owner',
  'invited admin',
  'family admin',
  'gift purchaser',
  'gift claimer',
  'platform admin',
] as const
type ActorName = (typeof ACTORS)[number]

const ALL: ActorName[] = [...ACTORS]
const SIGNED_IN: ActorName[] = ACTORS.filter((a) => a !== 'anonymous' && a !== 'family-code holder')
const NOBODY: ActorName[] = []

interface Actor {
  name: ActorName
  client: Client
  /** The signed-in user, absent for the two anonymous actors. */
  user?: SignedInUser
  /** The family-code holder passes the access grant its code earned to functions that take one. */
  grant?: string
}

interface World {
  actors: Record<ActorName, Actor>
  owner: SignedInUser
  familyAdmin: SignedInUser
  invited: SignedInUser
  purchaser: SignedInUser
  claimer: SignedInUser
  /** A user no actor is: the "someone else" of every check. */
  bystander: SignedInUser
  book: TestBook
  publicBook: TestBook
  giftBook: TestBook
  fullBook: TestBook
  couponCode: string
  paymentSessionId: string
}

interface Check {
  area: string
  operation: string
  allowed: ActorName[]
  run(actor: Actor, world: World): Promise<boolean>
}

type ApiError = { code?: string; message: string } | null

/** No error: allowed. 42501: refused. Anything else is a bug, not a refusal. */
function allowedUnlessDenied(error: ApiError): boolean {
  if (!error) return true
  if (error.code === '42501') return false
  throw new Error(`not a permission refusal: ${error.code} ${error.message}`)
}

function rowsReturned(result: { data: unknown[] | null; error: ApiError }, minimum = 1): boolean {
  if (!allowedUnlessDenied(result.error)) return false
  return (result.data?.length ?? 0) >= minimum
}

/** Storage refusals come back as HTTP 400 with statusCode "403". */
function storageAllowed(error: { statusCode?: string; message: string } | null): boolean {
  if (!error) return true
  if (error.statusCode === '403') return false
  throw new Error(`not a storage permission refusal: ${error.statusCode} ${error.message}`)
}

async function scalar<T>(query: string, params: unknown[]): Promise<T | undefined> {
  const [row] = await sql<{ value: T }>(query, params)
  return row?.value
}

/** A book like the world's main one: owned by the owner, with a confirmed and an invited admin. */
async function managedBook(world: World, options: { payment?: 'paid' | 'pending' } = {}): Promise<TestBook> {
  const book = await createBook({ ownerEmail: world.owner.email, payment: options.payment ?? 'paid' })
  await confirmAdmin(book.id, world.familyAdmin.id)
  await inviteAdmin(book.id, world.invited.email)
  return book
}

/** The actor's own user id, or the bystander's for the anonymous actors ("someone's row"). */
function selfOrBystander(actor: Actor, world: World): string {
  return actor.user?.id ?? world.bystander.id
}

async function uploadAsService(objectPath: string): Promise<void> {
  const { error } = await serviceClient().storage.from('memory-images').upload(objectPath, TINY_JPEG, {
    contentType: 'image/jpeg',
    upsert: true,
  })
  if (error) throw new Error(`fixture upload failed: ${error.message}`)
}

// ---------------------------------------------------------------- the checks
const bookChecks: Check[] = [
  {
    area: 'memory_books',
    operation: 'select a private book (whole row: family code, owner e-mail)',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('memory_books').select('id, family_access_code').eq('id', w.book.id)),
  },
  {
    area: 'memory_books',
    operation: 'select a claimed gift book (whole row: gift code)',
    allowed: ['gift claimer', 'platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('memory_books').select('id, gift_code').eq('id', w.giftBook.id)),
  },
  {
    area: 'memory_books',
    operation: 'insert a book',
    allowed: ['platform admin'],
    run: async ({ client }) => {
      const marker = `ספר ${unique()}`
      const { error } = await client.from('memory_books').insert({ full_name: marker, payment_status: 'paid' })
      const created = await scalar<number>(
        `select count(*)::int as "value" from "public"."memory_books" where "full_name" = $1`,
        [marker],
      )
      return allowedUnlessDenied(error) && created === 1
    },
  },
  {
    area: 'memory_books',
    operation: 'update content fields (name, privacy)',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const marker = `שם ${unique()}`
      const { error } = await client
        .from('memory_books')
        .update({ full_name: marker, is_public: true })
        .eq('id', book.id)
      const name = await scalar<string>(`select "full_name" as "value" from "public"."memory_books" where "id" = $1`, [
        book.id,
      ])
      return allowedUnlessDenied(error) && name === marker
    },
  },
  {
    area: 'memory_books',
    operation: 'update payment_status',
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w, { payment: 'pending' })
      const { error } = await client.from('memory_books').update({ payment_status: 'paid' }).eq('id', book.id)
      const status = await scalar<string>(
        `select "payment_status" as "value" from "public"."memory_books" where "id" = $1`,
        [book.id],
      )
      return allowedUnlessDenied(error) && status === 'paid'
    },
  },
  {
    area: 'memory_books',
    operation: 'update owner_email (take the book over)',
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const target = `new-owner-${unique()}@test.zochrim.local`
      const { error } = await client.from('memory_books').update({ owner_email: target }).eq('id', book.id)
      const owner = await scalar<string>(
        `select "owner_email" as "value" from "public"."memory_books" where "id" = $1`,
        [book.id],
      )
      return allowedUnlessDenied(error) && owner === target
    },
  },
  {
    area: 'memory_books',
    operation: 'delete a book directly (everyone deletes through the delete-book function)',
    allowed: [],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const { error } = await client.from('memory_books').delete().eq('id', book.id)
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."memory_books" where "id" = $1`,
        [book.id],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
]

const memoryChecks: Check[] = [
  {
    area: 'memory_entries',
    operation: 'select memories of a private paid book',
    allowed: ['owner', 'family admin', 'platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('memory_entries').select('id').eq('book_id', w.book.id)),
  },
  {
    area: 'memory_entries',
    operation: 'select memories of a public paid book',
    allowed: ALL,
    run: async ({ client }, w) =>
      rowsReturned(await client.from('memory_entries').select('id').eq('book_id', w.publicBook.id)),
  },
  {
    area: 'memory_entries',
    operation: 'select a hidden memory',
    allowed: ['owner', 'family admin', 'platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('memory_entries').select('id').eq('book_id', w.book.id).eq('is_hidden', true)),
  },
  {
    area: 'memory_entries',
    operation: 'insert a guest memory (paid book)',
    allowed: ALL,
    run: async ({ client }, w) => {
      const marker = `זיכרון ${unique()}`
      const { error } = await client.from('memory_entries').insert({
        book_id: w.book.id,
        full_name: 'אורח',
        relation_to_deceased: 'חבר/ה',
        memory_text_1: marker,
      })
      const stored = await scalar<number>(
        `select count(*)::int as "value" from "public"."memory_entries" where "memory_text_1" = $1`,
        [marker],
      )
      return allowedUnlessDenied(error) && stored === 1
    },
  },
  {
    area: 'memory_entries',
    operation: 'insert a family-source memory directly (no code check)',
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const marker = `זיכרון ${unique()}`
      const { error } = await client.from('memory_entries').insert({
        book_id: w.book.id,
        full_name: 'אורח',
        relation_to_deceased: 'בן משפחה',
        memory_text_1: marker,
        source: 'family',
      })
      return allowedUnlessDenied(error)
    },
  },
  {
    area: 'memory_entries',
    operation: 'hide a memory (moderation)',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const memory = await addMemory(w.book.id)
      const { error } = await client.from('memory_entries').update({ is_hidden: true }).eq('id', memory)
      const hidden = await scalar<boolean>(
        `select "is_hidden" as "value" from "public"."memory_entries" where "id" = $1`,
        [memory],
      )
      return allowedUnlessDenied(error) && hidden === true
    },
  },
  {
    area: 'memory_entries',
    operation: "edit a memory's text",
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const memory = await addMemory(w.book.id)
      const marker = `נערך ${unique()}`
      const { error } = await client.from('memory_entries').update({ memory_text_1: marker }).eq('id', memory)
      const text = await scalar<string>(
        `select "memory_text_1" as "value" from "public"."memory_entries" where "id" = $1`,
        [memory],
      )
      return allowedUnlessDenied(error) && text === marker
    },
  },
  {
    area: 'memory_entries',
    operation: 'delete a memory',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const memory = await addMemory(w.book.id)
      const { error } = await client.from('memory_entries').delete().eq('id', memory)
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."memory_entries" where "id" = $1`,
        [memory],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
]

const userChecks: Check[] = [
  {
    area: 'users',
    operation: 'select own profile',
    allowed: SIGNED_IN,
    run: async (actor, w) =>
      rowsReturned(await actor.client.from('users').select('id').eq('id', selfOrBystander(actor, w))),
  },
  {
    area: 'users',
    operation: "select another user's profile",
    allowed: ['platform admin'],
    run: async ({ client }, w) => rowsReturned(await client.from('users').select('id').eq('id', w.bystander.id)),
  },
  {
    area: 'users',
    operation: 'update own name',
    allowed: SIGNED_IN,
    run: async (actor, w) => {
      const target = selfOrBystander(actor, w)
      const marker = `שם ${unique()}`
      const { error } = await actor.client.from('users').update({ full_name: marker }).eq('id', target)
      const name = await scalar<string>(`select "full_name" as "value" from "public"."users" where "id" = $1`, [target])
      return allowedUnlessDenied(error) && name === marker
    },
  },
  {
    area: 'users',
    operation: 'make oneself a platform admin (role)',
    allowed: ['platform admin'],
    run: async (actor, w) => {
      const target = selfOrBystander(actor, w)
      const { error } = await actor.client.from('users').update({ role: 'admin' }).eq('id', target)
      const role = await scalar<string>(`select "role" as "value" from "public"."users" where "id" = $1`, [target])
      return allowedUnlessDenied(error) && role === 'admin'
    },
  },
  {
    area: 'users',
    operation: 'insert a profile row',
    allowed: ['platform admin'],
    run: async ({ client }) => {
      const orphan = await signedInUser({ label: 'orphan' })
      await sql(`delete from "public"."users" where "id" = $1`, [orphan.id])
      const { error } = await client.from('users').insert({ id: orphan.id, email: orphan.email })
      return allowedUnlessDenied(error)
    },
  },
  {
    area: 'users',
    operation: "delete another user's profile",
    allowed: ['platform admin'],
    run: async ({ client }) => {
      const victim = await signedInUser({ label: 'victim' })
      const { error } = await client.from('users').delete().eq('id', victim.id)
      const left = await scalar<number>(`select count(*)::int as "value" from "public"."users" where "id" = $1`, [
        victim.id,
      ])
      return allowedUnlessDenied(error) && left === 0
    },
  },
]

const bookAdminChecks: Check[] = [
  {
    area: 'book_admins',
    operation: "select a book's open invitations (token hashes)",
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(
        await client.from('book_admins').select('token_hash').eq('book_id', w.book.id).eq('status', 'invited'),
      ),
  },
  {
    area: 'book_admins',
    operation: 'invite a family admin (create_admin_invitation)',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const { error } = await client.rpc('create_admin_invitation', {
        book: w.book.id,
        admin_name: 'מוזמנת',
        contact: '050-1234567',
      })
      return allowedUnlessDenied(error)
    },
  },
  {
    area: 'book_admins',
    operation: 'insert an invitation directly',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const { error } = await client
        .from('book_admins')
        .insert({ book_id: w.book.id, admin_name: 'מוזמנת', contact: '050-1234567' })
      return allowedUnlessDenied(error)
    },
  },
  {
    area: 'book_admins',
    operation: 'confirm an invitation directly (update)',
    allowed: NOBODY,
    run: async (actor, w) => {
      const book = await managedBook(w)
      const invitation = await inviteAdmin(book.id, 'someone@test.zochrim.local')
      const { error } = await actor.client
        .from('book_admins')
        .update({ status: 'confirmed', user_id: selfOrBystander(actor, w) })
        .eq('id', invitation.id)
      const status = await scalar<string>(`select "status" as "value" from "public"."book_admins" where "id" = $1`, [
        invitation.id,
      ])
      return allowedUnlessDenied(error) && status === 'confirmed'
    },
  },
  {
    area: 'book_admins',
    operation: 'remove an invitation',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const invitation = await inviteAdmin(w.book.id, 'someone@test.zochrim.local')
      const { error } = await client.from('book_admins').delete().eq('id', invitation.id)
      const left = await scalar<number>(`select count(*)::int as "value" from "public"."book_admins" where "id" = $1`, [
        invitation.id,
      ])
      return allowedUnlessDenied(error) && left === 0
    },
  },
]

const onboardingChecks: Check[] = [
  {
    area: 'onboarding_data',
    operation: 'save own answers (upsert)',
    allowed: SIGNED_IN,
    run: async (actor, w) => {
      const target = selfOrBystander(actor, w)
      const marker = `נפטר ${unique()}`
      const { error } = await actor.client
        .from('onboarding_data')
        .upsert({ user_id: target, relationship: 'parent', deceased_name: marker })
      const stored = await scalar<string>(
        `select "deceased_name" as "value" from "public"."onboarding_data" where "user_id" = $1`,
        [target],
      )
      return allowedUnlessDenied(error) && stored === marker
    },
  },
  {
    area: 'onboarding_data',
    operation: 'select own answers',
    allowed: SIGNED_IN,
    run: async (actor, w) => {
      const target = selfOrBystander(actor, w)
      await sql(
        `insert into "public"."onboarding_data" ("user_id", "relationship") values ($1, 'friend')
         on conflict ("user_id") do nothing`,
        [target],
      )
      return rowsReturned(await actor.client.from('onboarding_data').select('user_id').eq('user_id', target))
    },
  },
  {
    area: 'onboarding_data',
    operation: "select another user's answers",
    allowed: ['platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('onboarding_data').select('user_id').eq('user_id', w.bystander.id)),
  },
  {
    area: 'onboarding_data',
    operation: "update another user's answers",
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const marker = `נפטר ${unique()}`
      const { error } = await client
        .from('onboarding_data')
        .update({ deceased_name: marker })
        .eq('user_id', w.bystander.id)
      const stored = await scalar<string>(
        `select "deceased_name" as "value" from "public"."onboarding_data" where "user_id" = $1`,
        [w.bystander.id],
      )
      return allowedUnlessDenied(error) && stored === marker
    },
  },
  {
    area: 'onboarding_data',
    operation: 'delete own answers',
    allowed: SIGNED_IN,
    run: async (actor) => {
      const target = actor.user?.id ?? (await signedInUser({ label: 'answers' })).id
      await sql(
        `insert into "public"."onboarding_data" ("user_id", "relationship") values ($1, 'friend')
         on conflict ("user_id") do nothing`,
        [target],
      )
      const { error } = await actor.client.from('onboarding_data').delete().eq('user_id', target)
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."onboarding_data" where "user_id" = $1`,
        [target],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
]

/** select / insert / update / delete on a table only platform admins touch. */
function adminOnlyTableChecks(
  table: 'admin_logs' | 'admin_coupons' | 'chat_sessions' | 'chat_messages',
  fixture: () => Promise<string>,
  newRow: () => Promise<Record<string, unknown>>,
  change: Record<string, unknown>,
): Check[] {
  const exists = async (id: string) =>
    scalar<number>(`select count(*)::int as "value" from "public"."${table}" where "id" = $1`, [id])
  const from = (client: Client) => client.from(table as 'admin_logs')
  const admins: ActorName[] = ['platform admin']
  return [
    {
      area: table,
      operation: 'select',
      allowed: admins,
      run: async ({ client }) =>
        rowsReturned(
          await from(client)
            .select('id')
            .eq('id', await fixture()),
        ),
    },
    {
      area: table,
      operation: 'insert',
      allowed: admins,
      run: async ({ client }) => allowedUnlessDenied((await from(client).insert((await newRow()) as never)).error),
    },
    {
      area: table,
      operation: 'update',
      allowed: admins,
      run: async ({ client }) => {
        const id = await fixture()
        const { data, error } = await from(client)
          .update(change as never)
          .eq('id', id)
          .select('id')
        return allowedUnlessDenied(error) && (data?.length ?? 0) === 1
      },
    },
    {
      area: table,
      operation: 'delete',
      allowed: admins,
      run: async ({ client }) => {
        const id = await fixture()
        const { error } = await from(client).delete().eq('id', id)
        return allowedUnlessDenied(error) && (await exists(id)) === 0
      },
    },
  ]
}

async function insertReturningId(query: string, params: unknown[] = []): Promise<string> {
  const [row] = await sql<{ id: string }>(query, params)
  return row!.id
}

async function chatSessionFixture(): Promise<string> {
  const sessionId = `matrix-${unique()}`
  await sql(`insert into "public"."chat_sessions" ("session_id") values ($1)`, [sessionId])
  return sessionId
}

const adminTableChecks: Check[] = [
  ...adminOnlyTableChecks(
    'admin_logs',
    () => insertReturningId(`insert into "public"."admin_logs" ("action") values ('MATRIX_FIXTURE') returning "id"`),
    async () => ({ action: 'MATRIX_INSERT', admin_email: 'x@test.zochrim.local' }),
    { action: 'MATRIX_CHANGED' },
  ),
  ...adminOnlyTableChecks(
    'admin_coupons',
    () =>
      insertReturningId(
        `insert into "public"."admin_coupons" ("code", "discount_type", "value") values ($1, 'percent', 10) returning "id"`,
        [`MTX${unique().toUpperCase()}`],
      ),
    async () => ({ code: `NEW${unique().toUpperCase()}`, discount_type: 'fixed', value: 5 }),
    { is_active: false },
  ),
  ...adminOnlyTableChecks(
    'chat_sessions',
    async () =>
      insertReturningId(`select "id" from "public"."chat_sessions" where "session_id" = $1`, [
        await chatSessionFixture(),
      ]),
    async () => ({ session_id: `matrix-${unique()}` }),
    { resolved: true },
  ),
  ...adminOnlyTableChecks(
    'chat_messages',
    async () =>
      insertReturningId(
        `insert into "public"."chat_messages" ("session_id", "message_text") values ($1, 'שלום') returning "id"`,
        [await chatSessionFixture()],
      ),
    async () => ({ session_id: await chatSessionFixture(), message_text: 'הודעה', intent: 'other' }),
    { intent: 'support' },
  ),
]

/** A transfer request of the main book to an outside e-mail (nobody among the actors). */
async function transferFixture(w: World, status = 'pending_registration'): Promise<string> {
  return insertReturningId(
    `insert into "public"."ownership_transfer_requests" ("book_id", "invitee_email", "status", "requested_by")
     values ($1, $2, $3, $4) returning "id"`,
    [w.book.id, `invitee-${unique()}@test.zochrim.local`, status, w.owner.id],
  )
}

const transferChecks: Check[] = [
  {
    area: 'ownership_transfer_requests',
    operation: 'select',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(
        await client
          .from('ownership_transfer_requests')
          .select('id')
          .eq('id', await transferFixture(w)),
      ),
  },
  {
    area: 'ownership_transfer_requests',
    operation: 'request a transfer (create_ownership_transfer)',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const { error } = await client.rpc('create_ownership_transfer', {
        book: book.id,
        invitee_email: `to-${unique()}@test.zochrim.local`,
      })
      return allowedUnlessDenied(error)
    },
  },
  {
    area: 'ownership_transfer_requests',
    operation: 'insert a request directly',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const { error } = await client
        .from('ownership_transfer_requests')
        .insert({ book_id: w.book.id, invitee_email: `to-${unique()}@test.zochrim.local` })
      return allowedUnlessDenied(error)
    },
  },
  {
    area: 'ownership_transfer_requests',
    operation: 'update status to approved directly',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const id = await transferFixture(w, 'registered_waiting_approval')
      const { error } = await client.from('ownership_transfer_requests').update({ status: 'approved' }).eq('id', id)
      const status = await scalar<string>(
        `select "status" as "value" from "public"."ownership_transfer_requests" where "id" = $1`,
        [id],
      )
      return allowedUnlessDenied(error) && status === 'approved'
    },
  },
  {
    area: 'ownership_transfer_requests',
    operation: 'delete (withdraw)',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const id = await transferFixture(w)
      const { error } = await client.from('ownership_transfer_requests').delete().eq('id', id)
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."ownership_transfer_requests" where "id" = $1`,
        [id],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
]

/** Tables written only by functions or the service role. */
const serviceWrittenChecks: Check[] = [
  {
    area: 'platform_admin_emails',
    operation: 'select',
    allowed: ['platform admin'],
    run: async ({ client }) => rowsReturned(await client.from('platform_admin_emails').select('email')),
  },
  {
    area: 'platform_admin_emails',
    operation: 'insert (list oneself as admin)',
    allowed: NOBODY,
    run: async (actor) => {
      const email = actor.user?.email ?? `anon-${unique()}@test.zochrim.local`
      return allowedUnlessDenied((await actor.client.from('platform_admin_emails').insert({ email })).error)
    },
  },
  {
    area: 'platform_admin_emails',
    operation: 'update',
    allowed: NOBODY,
    run: async ({ client }) => {
      const { data, error } = await client
        .from('platform_admin_emails')
        .update({ note: 'changed' })
        .eq('email', 'admin@zochrim.local')
        .select('email')
      return allowedUnlessDenied(error) && (data?.length ?? 0) > 0
    },
  },
  {
    area: 'platform_admin_emails',
    operation: 'delete',
    allowed: NOBODY,
    run: async ({ client }) => {
      const { error } = await client.from('platform_admin_emails').delete().eq('email', 'admin@zochrim.local')
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."platform_admin_emails" where "email" = 'admin@zochrim.local'`,
        [],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
  {
    area: 'family_code_attempts',
    operation: 'select',
    allowed: ['platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('family_code_attempts').select('id').eq('book_id', w.book.id)),
  },
  {
    area: 'family_code_attempts',
    operation: 'insert',
    allowed: NOBODY,
    run: async ({ client }, w) =>
      allowedUnlessDenied(
        (await client.from('family_code_attempts').insert({ book_id: w.book.id, success: true })).error,
      ),
  },
  {
    area: 'family_code_attempts',
    operation: 'update (lift a lockout)',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const { data, error } = await client
        .from('family_code_attempts')
        .update({ locks_until: null })
        .eq('book_id', w.book.id)
        .select('id')
      return allowedUnlessDenied(error) && (data?.length ?? 0) > 0
    },
  },
  {
    area: 'family_code_attempts',
    operation: 'delete',
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const [row] = await sql<{ id: number }>(
        `insert into "public"."family_code_attempts" ("book_id", "success") values ($1, false) returning "id"`,
        [w.fullBook.id],
      )
      const { error } = await client.from('family_code_attempts').delete().eq('id', row!.id)
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."family_code_attempts" where "id" = $1`,
        [row!.id],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
  {
    area: 'family_access_grants',
    operation: 'select (hashes and expiry only)',
    allowed: ['platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('family_access_grants').select('book_id').eq('book_id', w.book.id)),
  },
  {
    area: 'family_access_grants',
    operation: 'insert (forge a grant)',
    allowed: NOBODY,
    run: async ({ client }, w) =>
      allowedUnlessDenied(
        (
          await client
            .from('family_access_grants')
            .insert({ book_id: w.book.id, token_hash: 'a'.repeat(64), expires_at: '2999-01-01T00:00:00Z' })
        ).error,
      ),
  },
  {
    area: 'project_settings',
    operation: 'update the project URL',
    allowed: NOBODY,
    run: async ({ client }) => {
      const { data, error } = await client
        .from('project_settings')
        .update({ project_url: 'https://evil.example' })
        .eq('id', true)
        .select('id')
      return allowedUnlessDenied(error) && (data?.length ?? 0) > 0
    },
  },
  {
    area: 'rate_limit_hits',
    operation: 'delete (reset a limit)',
    allowed: NOBODY,
    run: async ({ client }) => {
      await sql(`insert into "public"."rate_limit_hits" ("scope", "client_key") values ('matrix', 'someone')`)
      const { error } = await client.from('rate_limit_hits').delete().eq('scope', 'matrix')
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."rate_limit_hits" where "scope" = 'matrix'`,
        [],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
  {
    area: 'gift_claim_attempts',
    operation: 'select',
    allowed: ['platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('gift_claim_attempts').select('id').eq('user_id', w.bystander.id)),
  },
  {
    area: 'gift_claim_attempts',
    operation: 'insert',
    allowed: NOBODY,
    run: async (actor, w) =>
      allowedUnlessDenied(
        (await actor.client.from('gift_claim_attempts').insert({ user_id: selfOrBystander(actor, w), success: true }))
          .error,
      ),
  },
  {
    area: 'gift_claim_attempts',
    operation: 'update',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const { data, error } = await client
        .from('gift_claim_attempts')
        .update({ success: true })
        .eq('user_id', w.bystander.id)
        .select('id')
      return allowedUnlessDenied(error) && (data?.length ?? 0) > 0
    },
  },
  {
    area: 'gift_claim_attempts',
    operation: 'delete',
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const [row] = await sql<{ id: number }>(
        `insert into "public"."gift_claim_attempts" ("user_id", "success") values ($1, false) returning "id"`,
        [w.bystander.id],
      )
      const { error } = await client.from('gift_claim_attempts').delete().eq('id', row!.id)
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."gift_claim_attempts" where "id" = $1`,
        [row!.id],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
  {
    area: 'plan_prices',
    operation: 'select',
    allowed: ALL,
    run: async ({ client }) => rowsReturned(await client.from('plan_prices').select('plan_type'), 3),
  },
  {
    area: 'plan_prices',
    operation: 'insert',
    allowed: NOBODY,
    run: async ({ client }) => {
      const { error } = await client.from('plan_prices').upsert({ plan_type: 'full', price_agorot: 100 })
      const price = await scalar<number>(
        `select "price_agorot" as "value" from "public"."plan_prices" where "plan_type" = 'full'`,
        [],
      )
      return allowedUnlessDenied(error) && price === 100
    },
  },
  {
    area: 'plan_prices',
    operation: 'update (change a price)',
    allowed: NOBODY,
    run: async ({ client }) => {
      const { data, error } = await client
        .from('plan_prices')
        .update({ price_agorot: 100 })
        .eq('plan_type', 'pro')
        .select('plan_type')
      return allowedUnlessDenied(error) && (data?.length ?? 0) > 0
    },
  },
  {
    area: 'plan_prices',
    operation: 'delete',
    allowed: NOBODY,
    run: async ({ client }) => {
      const { error } = await client.from('plan_prices').delete().eq('plan_type', 'basic')
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."plan_prices" where "plan_type" = 'basic'`,
        [],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
  {
    area: 'payment_sessions',
    operation: "select the purchaser's checkout session",
    allowed: ['gift purchaser', 'platform admin'],
    run: async ({ client }, w) =>
      rowsReturned(await client.from('payment_sessions').select('session_id').eq('user_id', w.purchaser.id)),
  },
  {
    area: 'payment_sessions',
    operation: 'insert (mark a session paid)',
    allowed: NOBODY,
    run: async (actor) =>
      allowedUnlessDenied(
        (
          await actor.client.from('payment_sessions').insert({
            session_id: `cs_fake_${unique()}`,
            plan_type: 'full',
            recipient_type: 'for_me',
            amount_agorot: 0,
            status: 'paid',
            user_id: actor.user?.id ?? null,
          })
        ).error,
      ),
  },
  {
    area: 'payment_sessions',
    operation: 'update',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const { data, error } = await client
        .from('payment_sessions')
        .update({ status: 'paid' })
        .eq('user_id', w.purchaser.id)
        .select('session_id')
      return allowedUnlessDenied(error) && (data?.length ?? 0) > 0
    },
  },
  {
    area: 'payment_sessions',
    operation: 'delete',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const { error } = await client.from('payment_sessions').delete().eq('user_id', w.purchaser.id)
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."payment_sessions" where "user_id" = $1`,
        [w.purchaser.id],
      )
      return allowedUnlessDenied(error) && left === 0
    },
  },
]

// ---------------------------------------------------------------- functions
const rpcIsTrue = (result: { data: unknown; error: ApiError }) =>
  allowedUnlessDenied(result.error) && result.data === true

const bookFunctionChecks: Check[] = [
  {
    area: 'get_book_card(book)',
    operation: 'read the public card',
    allowed: ALL,
    run: async ({ client }, w) => rowsReturned(await client.rpc('get_book_card', { book_ref: w.book.shortCode })),
  },
  {
    area: 'family_code_check(book, code, client)',
    operation: 'compare a family code directly (service role only: the family-access function)',
    allowed: NOBODY,
    run: async ({ client }, w) =>
      allowedUnlessDenied(
        (await client.rpc('family_code_check', { book_ref: w.book.shortCode, code: w.book.familyCode, client: 'x' }))
          .error,
      ),
  },
  {
    area: 'get_book_memories(book, grant)',
    operation: 'read memories of a private book (the holder passes its access grant)',
    allowed: ['family-code holder', 'owner', 'family admin', 'platform admin'],
    run: async ({ client, grant }, w) =>
      rowsReturned(await client.rpc('get_book_memories', { book_ref: w.book.shortCode, access_grant: grant })),
  },
  {
    area: 'get_book_memories(book, grant)',
    operation: 'see hidden memories',
    allowed: ['owner', 'family admin', 'platform admin'],
    run: async ({ client, grant }, w) => {
      const { data, error } = await client.rpc('get_book_memories', { book_ref: w.book.shortCode, access_grant: grant })
      return allowedUnlessDenied(error) && (data ?? []).some((memory) => memory.is_hidden)
    },
  },
  {
    area: 'add_memory(…)',
    operation: 'add a guest memory',
    allowed: ALL,
    run: async ({ client }, w) => {
      const { data, error } = await client.rpc('add_memory', {
        book_ref: w.book.shortCode,
        full_name: 'אורח',
        relation: 'שכן/ה',
        text1: 'זיכרון',
      })
      return allowedUnlessDenied(error) && data?.ok === true
    },
  },
  {
    area: 'add_memory(…)',
    operation: 'add a family memory (access grant, or owner/admin)',
    allowed: ['family-code holder', 'owner', 'family admin', 'platform admin'],
    run: async ({ client, grant }, w) => {
      const { data, error } = await client.rpc('add_memory', {
        book_ref: w.book.shortCode,
        access_grant: grant,
        full_name: 'בן משפחה',
        relation: 'חבר/ה',
        text1: 'זיכרון משפחתי',
      })
      return allowedUnlessDenied(error) && data?.source === 'family'
    },
  },
  {
    area: 'generate_family_code(book)',
    operation: 'create a new family code',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const { data, error } = await client.rpc('generate_family_code', { book: book.id })
      const stored = await scalar<string>(
        `select "family_access_code" as "value" from "public"."memory_books" where "id" = $1`,
        [book.id],
      )
      return allowedUnlessDenied(error) && stored === data && /^[A-Z2-9]{6}$/.test(stored ?? '')
    },
  },
  {
    area: 'my_books()',
    operation: 'see the family code of the book',
    allowed: ['owner', 'family admin'],
    run: async ({ client }, w) => {
      const { data, error } = await client.rpc('my_books').eq('id', w.book.id)
      return allowedUnlessDenied(error) && data?.[0]?.family_access_code === w.book.familyCode
    },
  },
  {
    area: 'my_books()',
    operation: 'see the owner e-mail of the book',
    allowed: ['owner'],
    run: async ({ client }, w) => {
      const { data, error } = await client.rpc('my_books').eq('id', w.book.id)
      return allowedUnlessDenied(error) && data?.[0]?.owner_email === w.owner.email
    },
  },
  {
    area: 'my_books()',
    operation: 'see the gift code of a gift',
    allowed: ['gift purchaser', 'gift claimer'],
    run: async ({ client }, w) => {
      const { data, error } = await client.rpc('my_books').eq('id', w.giftBook.id)
      return allowedUnlessDenied(error) && typeof data?.[0]?.gift_code === 'string'
    },
  },
]

const commerceFunctionChecks: Check[] = [
  {
    area: 'validate_coupon(code, plan)',
    operation: 'validate a coupon (service role only: the rate-limited validate-coupon function)',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const { data, error } = await client.rpc('validate_coupon', { code: w.couponCode, plan: 'pro' })
      return allowedUnlessDenied(error) && data?.valid === true
    },
  },
  {
    area: 'redeem_coupon(code, plan)',
    operation: 'redeem a coupon (service role only)',
    allowed: NOBODY,
    run: async ({ client }, w) =>
      allowedUnlessDenied((await client.rpc('redeem_coupon', { code: w.couponCode, plan: 'pro' })).error),
  },
  {
    area: 'redeem_coupon_for_free_session(…)',
    operation: 'record a free session (service role only)',
    allowed: NOBODY,
    run: async ({ client, user }, w) =>
      allowedUnlessDenied(
        (
          await client.rpc('redeem_coupon_for_free_session', {
            coupon_code: w.couponCode,
            plan: 'pro',
            session_id: `free_coupon_${unique()}`,
            buyer: user?.id ?? w.bystander.id,
            buyer_email: user?.email ?? w.bystander.email,
            recipient: 'for_me',
            expected_discount_type: 'percent',
            expected_value: 10,
          })
        ).error,
      ),
  },
  {
    area: 'record_checkout_payment(…)',
    operation: 'mark a checkout paid (service role only)',
    allowed: NOBODY,
    run: async ({ client }, w) =>
      allowedUnlessDenied(
        (
          await client.rpc('record_checkout_payment', {
            session_id: w.paymentSessionId,
            amount_paid: 14900,
            paid_currency: 'ils',
          })
        ).error,
      ),
  },
  {
    area: 'generate_gift_code()',
    operation: 'generate a gift code (service role only)',
    allowed: NOBODY,
    run: async ({ client }) => allowedUnlessDenied((await client.rpc('generate_gift_code')).error),
  },
  {
    area: 'claim_gift_as(claimer, code)',
    operation: 'claim a pending paid gift (service role only: claim-gift records the attempt)',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const giftCode = await newGiftCode()
      await createBook({ giftCode, giftStatus: 'pending', purchaserUserId: w.purchaser.id })
      const { data, error } = await client.rpc('claim_gift_as', { claimer: w.purchaser.id, gift_code: giftCode })
      return allowedUnlessDenied(error) && data?.ok === true
    },
  },
  {
    area: 'check_gift_code_from(ip, code, user)',
    operation: 'check a gift code (service role only: check-gift-code records the attempt)',
    allowed: NOBODY,
    run: async ({ client }) =>
      allowedUnlessDenied(
        (await client.rpc('check_gift_code_from', { client_ip: '198.51.100.7', code: 'ABCDEFGH' })).error,
      ),
  },
  {
    area: 'create_gift_book / resend_gift_as / cancel_gift_as / record_gift_refund / release_gift_refund',
    operation: 'create, resend or cancel a gift (service role only)',
    allowed: NOBODY,
    run: async ({ client }, w) => {
      const giftCode = await newGiftCode()
      const book = await createBook({ giftCode, giftStatus: 'pending', purchaserUserId: w.purchaser.id })
      const calls = [
        client.rpc('create_gift_book', {
          buyer: w.purchaser.id,
          session_id: w.paymentSessionId,
          recipient_name: 'א',
          deceased_name: 'ב',
          buyer_name: null,
        }),
        client.rpc('resend_gift_as', { purchaser: w.purchaser.id, gift_id: book.id }),
        client.rpc('cancel_gift_as', { purchaser: w.purchaser.id, gift_id: book.id }),
        client.rpc('record_gift_refund', { session_id: w.paymentSessionId, refund: 're_x' }),
        client.rpc('release_gift_refund', { session_id: w.paymentSessionId }),
      ]
      return (await Promise.all(calls)).some(({ error }) => allowedUnlessDenied(error))
    },
  },
  {
    area: 'join_book_as_admin(token, book, member)',
    operation: 'accept an invitation (service role only, after the family code was checked)',
    allowed: NOBODY,
    run: async ({ client, user }, w) => {
      const book = await managedBook(w)
      const invitation = await inviteAdmin(book.id, 'link@test.zochrim.local')
      const { data, error } = await client.rpc('join_book_as_admin', {
        token: invitation.token,
        book_ref: book.shortCode,
        member: user?.id ?? w.bystander.id,
      })
      return allowedUnlessDenied(error) && data?.ok === true
    },
  },
  {
    area: 'register_ownership_transfer(token)',
    operation: 'answer a transfer invitation',
    allowed: SIGNED_IN,
    run: async ({ client, user }, w) => {
      const { token } = await inviteTransfer(w.book.id, user?.email ?? w.bystander.email)
      const { data, error } = await client.rpc('register_ownership_transfer', { invite_token: token })
      return allowedUnlessDenied(error) && data?.ok === true
    },
  },
  {
    area: 'decide_ownership_transfer(request, approve)',
    operation: 'approve a transfer',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const id = await insertReturningId(
        `insert into "public"."ownership_transfer_requests" ("book_id", "invitee_email", "status", "invitee_user_id")
         values ($1, $2, 'registered_waiting_approval', $3) returning "id"`,
        [book.id, w.bystander.email, w.bystander.id],
      )
      const { error } = await client.rpc('decide_ownership_transfer', { request_id: id, approve: true })
      const owner = await scalar<string>(
        `select "owner_email" as "value" from "public"."memory_books" where "id" = $1`,
        [book.id],
      )
      return allowedUnlessDenied(error) && owner === w.bystander.email
    },
  },
]

const adminFunctionChecks: Check[] = [
  {
    area: 'admin_toggle_payment_status(book)',
    operation: 'toggle payment status',
    allowed: ['platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const { data, error } = await client.rpc('admin_toggle_payment_status', { book: book.id })
      return allowedUnlessDenied(error) && data === 'test'
    },
  },
  {
    area: 'delete-book function',
    operation: 'delete a book with its files',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const book = await managedBook(w)
      const { error } = await client.functions.invoke('delete-book', { body: { book_id: book.id } })
      const left = await scalar<number>(
        `select count(*)::int as "value" from "public"."memory_books" where "id" = $1`,
        [book.id],
      )
      return !error && left === 0
    },
  },
  {
    area: 'admin_list_users()',
    operation: 'list every user',
    allowed: ['platform admin'],
    run: async ({ client }) => rowsReturned(await client.rpc('admin_list_users'), 2),
  },
  {
    area: 'admin_security_logs(limit)',
    operation: 'read the security log',
    allowed: ['platform admin'],
    run: async ({ client }) => rowsReturned(await client.rpc('admin_security_logs', { max_rows: 50 })),
  },
  {
    area: 'admin_cleanup_security_logs()',
    operation: 'delete logs older than 7 days',
    allowed: ['platform admin'],
    run: async ({ client }) => allowedUnlessDenied((await client.rpc('admin_cleanup_security_logs')).error),
  },
  {
    area: 'log_security_event(action)',
    operation: 'record a SECURITY_ event of own session',
    allowed: SIGNED_IN,
    run: async ({ client }) =>
      allowedUnlessDenied((await client.rpc('log_security_event', { action: 'SECURITY_SUSPICIOUS_INACTIVITY' })).error),
  },
  {
    area: 'chat_record_message(…)',
    operation: 'record a chat message (the support-chat function writes chats)',
    allowed: NOBODY,
    run: async ({ client }) =>
      allowedUnlessDenied(
        (
          await client.rpc('chat_record_message', {
            session_id: `matrix-${unique()}`,
            message_text: 'כמה זה עולה?',
            is_bot: true,
            intent: 'pricing',
          })
        ).error,
      ),
  },
  {
    area: 'chat_rate_session(…)',
    operation: 'rate a chat session',
    allowed: NOBODY,
    run: async ({ client }) => {
      const sessionId = await chatSessionFixture()
      const { error } = await client.rpc('chat_rate_session', { session_id: sessionId, rating: 5, resolved: true })
      return allowedUnlessDenied(error)
    },
  },
  {
    area: 'chat_open_session / chat_record_exchange / chat_record_rating',
    operation: 'open or write a chat session directly',
    allowed: NOBODY,
    run: async ({ client }) => {
      const sessionId = await chatSessionFixture()
      const calls = [
        await client.rpc('chat_open_session', {}),
        await client.rpc('chat_record_exchange', {
          session_id: sessionId,
          session_token: 'x'.repeat(43),
          question: 'שלום',
          intent: 'greeting',
          answer: 'שלום',
        }),
        await client.rpc('chat_record_rating', {
          session_id: sessionId,
          session_token: 'x'.repeat(43),
          rating: 5,
          resolved: true,
        }),
      ]
      return calls.some((call) => allowedUnlessDenied(call.error))
    },
  },
]

const helperFunctionChecks: Check[] = [
  {
    area: 'is_platform_admin()',
    operation: 'is true',
    allowed: ['platform admin'],
    run: async ({ client }) => rpcIsTrue(await client.rpc('is_platform_admin')),
  },
  {
    area: 'is_book_owner(book)',
    operation: 'is true',
    allowed: ['owner'],
    run: async ({ client }, w) => rpcIsTrue(await client.rpc('is_book_owner', { book: w.book.id })),
  },
  {
    area: 'is_book_family_admin(book)',
    operation: 'is true',
    allowed: ['family admin'],
    run: async ({ client }, w) => rpcIsTrue(await client.rpc('is_book_family_admin', { book: w.book.id })),
  },
  {
    area: 'can_read_book(book)',
    operation: 'is true',
    allowed: ['owner', 'family admin', 'platform admin'],
    run: async ({ client }, w) => rpcIsTrue(await client.rpc('can_read_book', { book: w.book.id })),
  },
  {
    area: 'can_manage_book(book)',
    operation: 'is true',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => rpcIsTrue(await client.rpc('can_manage_book', { book: w.book.id })),
  },
  {
    area: 'is_book_paid(book)',
    operation: 'is callable through the API (a policy helper in schema private: no)',
    allowed: [],
    // Not in the app's types any more: asked by name, as an attacker would.
    run: async ({ client }, w) => {
      const { error } = await client.rpc('is_book_paid' as never, { book: w.book.id } as never)
      return error?.code !== 'PGRST202'
    },
  },
  {
    area: 'current_user_email()',
    operation: 'returns the confirmed e-mail',
    allowed: SIGNED_IN,
    run: async ({ client, user }) => {
      const { data, error } = await client.rpc('current_user_email')
      return allowedUnlessDenied(error) && data !== null && data === user?.email
    },
  },
]

const storageChecks: Check[] = [
  {
    area: 'storage memory-images',
    operation: 'upload a memory photo (memories/<paid pro book>/)',
    allowed: ALL,
    run: async ({ client }, w) =>
      storageAllowed(
        (
          await client.storage
            .from('memory-images')
            .upload(`memories/${w.book.id}/${unique()}.jpg`, TINY_JPEG, { contentType: 'image/jpeg' })
        ).error,
      ),
  },
  {
    area: 'storage memory-images',
    operation: 'upload a video to a pro book (plan forbids)',
    allowed: ['platform admin'],
    run: async ({ client }, w) =>
      storageAllowed(
        (
          await client.storage
            .from('memory-images')
            .upload(`videos/${w.book.id}/${unique()}.mp4`, TINY_JPEG, { contentType: 'video/mp4' })
        ).error,
      ),
  },
  {
    area: 'storage memory-images',
    operation: 'upload a video to a full-plan book',
    allowed: ALL,
    run: async ({ client }, w) =>
      storageAllowed(
        (
          await client.storage
            .from('memory-images')
            .upload(`videos/${w.fullBook.id}/${unique()}.mp4`, TINY_JPEG, { contentType: 'video/mp4' })
        ).error,
      ),
  },
  {
    area: 'storage memory-images',
    operation: 'upload into own profiles/ folder',
    allowed: SIGNED_IN,
    run: async (actor, w) =>
      storageAllowed(
        (
          await actor.client.storage
            .from('memory-images')
            .upload(`profiles/${selfOrBystander(actor, w)}/${unique()}.jpg`, TINY_JPEG, {
              contentType: 'image/jpeg',
            })
        ).error,
      ),
  },
  {
    area: 'storage memory-images',
    operation: "upload into the owner's profiles/ folder",
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) =>
      storageAllowed(
        (
          await client.storage
            .from('memory-images')
            .upload(`profiles/${w.owner.id}/${unique()}.jpg`, TINY_JPEG, { contentType: 'image/jpeg' })
        ).error,
      ),
  },
  {
    area: 'storage memory-images',
    operation: "list a book's memory files",
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      await uploadAsService(`memories/${w.book.id}/listed-${unique()}.jpg`)
      const { data, error } = await client.storage.from('memory-images').list(`memories/${w.book.id}`)
      return storageAllowed(error) && (data?.length ?? 0) > 0
    },
  },
  {
    area: 'storage memory-images',
    operation: 'delete a memory photo',
    allowed: ['owner', 'platform admin'],
    run: async ({ client }, w) => {
      const objectPath = `memories/${w.book.id}/${unique()}.jpg`
      await uploadAsService(objectPath)
      const { data, error } = await client.storage.from('memory-images').remove([objectPath])
      return storageAllowed(error) && (data?.length ?? 0) === 1
    },
  },
]

const CHECKS: Check[] = [
  ...bookChecks,
  ...memoryChecks,
  ...userChecks,
  ...bookAdminChecks,
  ...onboardingChecks,
  ...adminTableChecks,
  ...transferChecks,
  ...serviceWrittenChecks,
  ...bookFunctionChecks,
  ...commerceFunctionChecks,
  ...adminFunctionChecks,
  ...helperFunctionChecks,
  ...storageChecks,
]

// ---------------------------------------------------------------- the world
async function buildWorld(): Promise<World> {
  const [owner, familyAdmin, invited, purchaser, claimer, stranger, bystander, admin] = await Promise.all([
    signedInUser({ label: 'owner' }),
    signedInUser({ label: 'family-admin' }),
    signedInUser({ label: 'invited' }),
    signedInUser({ label: 'purchaser' }),
    signedInUser({ label: 'claimer' }),
    signedInUser({ label: 'stranger' }),
    signedInUser({ label: 'bystander' }),
    signedInUser({ platformAdmin: true }),
  ])
  const book = await createBook({ ownerEmail: owner.email, plan: 'pro', payment: 'paid' })
  await addMemory(book.id)
  await addMemory(book.id, { hidden: true })
  await confirmAdmin(book.id, familyAdmin.id)
  await inviteAdmin(book.id, invited.email)
  await sql(`insert into "public"."family_code_attempts" ("book_id", "success") values ($1, true)`, [book.id])

  const publicBook = await createBook({ ownerEmail: owner.email, isPublic: true })
  await addMemory(publicBook.id)
  const fullBook = await createBook({ ownerEmail: owner.email, plan: 'full' })
  const giftBook = await createBook({
    ownerEmail: claimer.email,
    giftCode: await newGiftCode(),
    giftStatus: 'claimed',
    purchaserUserId: purchaser.id,
    claimedByUserId: claimer.id,
  })

  await sql(`insert into "public"."onboarding_data" ("user_id", "relationship") values ($1, 'friend')`, [bystander.id])
  await sql(`insert into "public"."gift_claim_attempts" ("user_id", "success") values ($1, false)`, [bystander.id])
  const paymentSessionId = `cs_test_${unique()}`
  await sql(
    `insert into "public"."payment_sessions" ("session_id", "user_id", "plan_type", "recipient_type", "amount_agorot")
     values ($1, $2, 'pro', 'gift', 14900)`,
    [paymentSessionId, purchaser.id],
  )
  const couponCode = `MATRIX${unique().toUpperCase()}`
  await sql(`insert into "public"."admin_coupons" ("code", "discount_type", "value") values ($1, 'percent', 10)`, [
    couponCode,
  ])

  const anonymous = anonClient()
  const actors: Record<ActorName, Actor> = {
    anonymous: { name: 'anonymous', client: anonymous },
    'family-code holder': {
      name: 'family-code holder',
      client: anonClient(),
      grant: await familyAccessGrant(book),
    },
    stranger: { name: 'stranger', client: stranger.client, user: stranger },
    owner: { name: 'owner', client: owner.client, user: owner },
    'invited admin': { name: 'invited admin', client: invited.client, user: invited },
    'family admin': { name: 'family admin', client: familyAdmin.client, user: familyAdmin },
    'gift purchaser': { name: 'gift purchaser', client: purchaser.client, user: purchaser },
    'gift claimer': { name: 'gift claimer', client: claimer.client, user: claimer },
    'platform admin': { name: 'platform admin', client: admin.client, user: admin },
  }
  return {
    actors,
    owner,
    familyAdmin,
    invited,
    purchaser,
    claimer,
    bystander,
    book,
    publicBook,
    giftBook,
    fullBook,
    couponCode,
    paymentSessionId,
  }
}

// ---------------------------------------------------------------- run and report
const observed = new Map<Check, Record<ActorName, boolean>>()

function markdownMatrix(): string {
  const header = `| table / function | operation | ${ACTORS.join(' | ')} |`
  const rule = `| --- | --- | ${ACTORS.map(() => ':---:').join(' | ')} |`
  const rows = CHECKS.filter((check) => observed.has(check)).map((check) => {
    const result = observed.get(check)!
    return `| ${check.area} | ${check.operation} | ${ACTORS.map((a) => (result[a] ? '✅' : '⛔')).join(' | ')} |`
  })
  return [
    '# Permission matrix',
    '',
    '✅ allowed (the operation took effect), ⛔ refused (no rows affected, or a permission error).',
    'Asserted by supabase/tests/permission-matrix.test.ts through supabase-js with real JWTs.',
    '',
    header,
    rule,
    ...rows,
    '',
  ].join('\n')
}

describe('permission matrix (who may do what)', () => {
  let world: World

  beforeAll(async () => {
    world = await buildWorld()
  })

  afterAll(() => {
    if (observed.size === 0) return
    const markdown = markdownMatrix()
    const file = path.resolve('test-results', 'permission-matrix.md')
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, markdown)
    console.log(markdown)
  })

  it.each(CHECKS.map((check) => [`${check.area}: ${check.operation}`, check] as const))('%s', async (_title, check) => {
    const actual = {} as Record<ActorName, boolean>
    for (const name of ACTORS) {
      actual[name] = await check.run(world.actors[name], world)
    }
    observed.set(check, actual)
    const expected = Object.fromEntries(ACTORS.map((name) => [name, check.allowed.includes(name)]))
    expect(actual).toEqual(expected)
  })
})
