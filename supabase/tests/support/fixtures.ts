/**
 * Test data for the database tests: users with real access tokens, books, memories, invitations,
 * written as the database owner through /pg/query, so each test builds exactly the world it needs.
 */
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { signJwt } from '../../local/jwt.ts'
import { requestFrom, sql, testEnv, uniqueAddress } from '../../local/testing/clients.ts'

export { uniqueAddress }
import type { Database } from '../../../src/types/database.ts'

export type Client = SupabaseClient<Database>

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as typeof WebSocket },
}

export function anonymousClient(): Client {
  return createClient<Database>(testEnv.apiUrl, testEnv.anonKey, clientOptions)
}

export function serviceRoleClient(): Client {
  return createClient<Database>(testEnv.apiUrl, testEnv.serviceRoleKey, clientOptions)
}

/** A client that sends `Authorization: Bearer <jwt>`, as the app does after sign-in. */
export function clientWithToken(jwt: string): Client {
  return createClient<Database>(testEnv.apiUrl, testEnv.anonKey, {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${jwt}` } },
  })
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomUUID().slice(0, 8)}`
}

export interface TestUser {
  id: string
  email: string
  jwt: string
  client: Client
}

/** An auth user (the profile trigger fires) and a signed access token for it. */
export async function createUser(label: string, options: { confirmed?: boolean } = {}): Promise<TestUser> {
  const id = randomUUID()
  const email = `${label}-${uniqueSuffix()}@test.zochrim.local`
  await sql(
    `insert into "auth"."users"
       ("id", "aud", "role", "email", "email_confirmed_at", "raw_user_meta_data", "raw_app_meta_data", "created_at", "updated_at")
     values ($1, 'authenticated', 'authenticated', $2, $3::timestamptz, $4::jsonb,
             '{"provider": "email", "providers": ["email"]}'::jsonb, now(), now())`,
    [
      id,
      email,
      options.confirmed === false ? null : new Date().toISOString(),
      JSON.stringify({ full_name: `בודק ${label}` }),
    ],
  )
  const jwt = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email }, 3600)
  return { id, email, jwt, client: clientWithToken(jwt) }
}

/** A platform admin: the e-mail is listed first, so the profile trigger grants the role. */
export async function createPlatformAdmin(): Promise<TestUser> {
  const id = randomUUID()
  const email = `platform-admin-${uniqueSuffix()}@test.zochrim.local`
  await sql(`insert into "public"."platform_admin_emails" ("email") values ($1)`, [email])
  await sql(
    `insert into "auth"."users" ("id", "aud", "role", "email", "email_confirmed_at", "created_at", "updated_at")
     values ($1, 'authenticated', 'authenticated', $2, now(), now(), now())`,
    [id, email],
  )
  const jwt = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email }, 3600)
  return { id, email, jwt, client: clientWithToken(jwt) }
}

export interface BookOptions {
  ownerEmail?: string | null
  plan?: 'basic' | 'pro' | 'full'
  payment?: 'unpaid' | 'pending' | 'paid' | 'completed' | 'failed' | 'test'
  isPublic?: boolean
  familyCode?: string
  giftCode?: string | null
  giftStatus?: string | null
  purchaserUserId?: string | null
  claimedByUserId?: string | null
}

export interface TestBook {
  id: string
  bookId: string
  familyCode: string
}

export async function createBook(options: BookOptions = {}): Promise<TestBook> {
  const [row] = await sql<{ id: string; book_id: string; family_access_code: string }>(
    `insert into "public"."memory_books"
       ("full_name", "creator_name", "owner_email", "plan_type", "payment_status", "is_public",
        "family_access_code", "gift_code", "gift_status", "purchaser_user_id", "claimed_by_user_id")
     values ('ספר בדיקה', 'יוצר בדיקה', $1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning "id", "book_id", "family_access_code"`,
    [
      options.ownerEmail ?? null,
      options.plan ?? 'pro',
      options.payment ?? 'paid',
      options.isPublic ?? false,
      options.familyCode ?? null,
      options.giftCode ?? null,
      options.giftStatus ?? null,
      options.purchaserUserId ?? null,
      options.claimedByUserId ?? null,
    ],
  )
  return { id: row!.id, bookId: row!.book_id, familyCode: row!.family_access_code }
}

/** A new unique gift code from the database's own generator. */
export async function newGiftCode(): Promise<string> {
  const [row] = await sql<{ code: string }>(`select "private"."new_gift_code"() as "code"`)
  return row!.code
}

export async function insertMemory(bookId: string, options: { hidden?: boolean; text?: string } = {}): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "is_hidden")
     values ($1, 'כותב בדיקה', 'חבר/ה', $2, $3) returning "id"`,
    [bookId, options.text ?? 'זיכרון לבדיקה', options.hidden ?? false],
  )
  return row!.id
}

export async function inviteAdmin(bookId: string, contact: string): Promise<{ id: string; token: string }> {
  const [row] = await sql<{ id: string; token: string }>(
    `insert into "public"."book_admins" ("book_id", "admin_name", "contact") values ($1, 'מוזמן בדיקה', $2)
     returning "id", "token"`,
    [bookId, contact],
  )
  return row!
}

export async function confirmAdmin(bookId: string, userId: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into "public"."book_admins" ("book_id", "admin_name", "status", "user_id", "confirmed_at")
     values ($1, 'מנהל בדיקה', 'confirmed', $2, now()) returning "id"`,
    [bookId, userId],
  )
  return row!.id
}

/** The public URL the app would get for a file of the memory-images bucket. */
export function publicUrl(objectPath: string): string {
  return `${testEnv.apiUrl}/storage/v1/object/public/memory-images/${objectPath}`
}

/** The smallest valid JPEG-ish payload the storage service accepts with an image mime type. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)

export interface FamilyAccessAnswer {
  status: number
  body: {
    ok?: boolean
    access_grant?: string
    expires_at?: string
    reason?: string
    message?: string
    error?: string
    code?: string
  }
}

/**
 * Calls the family-access function as the client at `address`: the request leaves from that
 * loopback address, which the local gateway puts into X-Forwarded-For (the header sent here is
 * overwritten there, as Supabase's edge does on hosted).
 */
export async function requestFamilyAccess(
  bookRef: string,
  code: string,
  options: { address?: string; headers?: Record<string, string> } = {},
): Promise<FamilyAccessAnswer> {
  // The gateway takes the client's address from the socket, so each client is a loopback address.
  const response = await requestFrom(
    options.address ?? uniqueAddress(),
    `${testEnv.apiUrl}/functions/v1/family-access`,
    {
      method: 'POST',
      headers: {
        apikey: testEnv.anonKey,
        authorization: `Bearer ${testEnv.anonKey}`,
        'content-type': 'application/json',
        ...options.headers,
      },
      body: JSON.stringify({ book_ref: bookRef, code }),
    },
  )
  return { status: response.status, body: response.json<FamilyAccessAnswer['body']>() }
}

/** An access grant for the book, from its right family code. */
export async function familyAccessGrant(book: TestBook): Promise<string> {
  const answer = await requestFamilyAccess(book.bookId, book.familyCode)
  if (!answer.body.access_grant) throw new Error(`no grant: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.access_grant
}
