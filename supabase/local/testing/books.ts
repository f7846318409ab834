/**
 * Memory books, memories and family admins written as the database owner (the tables' triggers
 * still run), so each test builds exactly the book it needs; and the family-code gate as a client
 * at a loopback address of its own calls it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Database } from '../../../contracts/database.ts'
import type { PlanType } from '../../../contracts/plans.ts'
import { requestFrom, sql, testEnv, uniqueAddress } from './clients.ts'
import { stripedPng, type Rgb } from './images.ts'
import { publicUrl, uploadPictureWithCopies, uploadToBucket } from './media.ts'

/*
 * Booleans travel as text (`$n::text::boolean`): /pg/query on PGlite fails to serialise a JSON
 * boolean parameter in some statements.
 */

export interface BookOptions {
  fullName?: string
  creatorName?: string | null
  /** The owner's e-mail (lower-cased, as create-memory-book stores it). */
  ownerEmail?: string | null
  plan?: PlanType
  payment?: 'unpaid' | 'pending' | 'paid' | 'completed' | 'failed' | 'test'
  isPublic?: boolean
  /** 4 digits or 6 characters of the code alphabet; the database makes one when absent. */
  familyCode?: string
  birthDate?: string | null
  deathDate?: string | null
  quote?: string | null
  giftCode?: string | null
  giftStatus?: string | null
  purchaserUserId?: string | null
  claimedByUserId?: string | null
  /** Upload a profile photo (a small generated PNG) for the book. */
  withPhoto?: boolean
}

export interface TestBook {
  id: string
  /** The short public code, e.g. `RACHEL23`. */
  shortCode: string
  familyCode: string
  fullName: string
}

export async function createBook(options: BookOptions = {}): Promise<TestBook> {
  const fullName = options.fullName ?? 'יעקב בודק'
  const [row] = await sql<{ id: string; short_code: string; family_access_code: string }>(
    `insert into "public"."memory_books"
       ("full_name", "creator_name", "owner_email", "plan_type", "payment_status", "is_public",
        "family_access_code", "birth_date", "death_date", "memory_quote",
        "gift_code", "gift_status", "purchaser_user_id", "claimed_by_user_id")
     values ($1, $2, $3, $4, $5, $6::text::boolean, $7, $8::date, $9::date, $10, $11, $12, $13, $14)
     returning "id", "short_code", "family_access_code"`,
    [
      fullName,
      options.creatorName === undefined ? 'נועה בודקת' : options.creatorName,
      options.ownerEmail?.toLowerCase() ?? null,
      options.plan ?? 'pro',
      options.payment ?? 'paid',
      String(options.isPublic ?? false),
      options.familyCode ?? null,
      options.birthDate === undefined ? '1941-05-09' : options.birthDate,
      options.deathDate === undefined ? '2026-09-30' : options.deathDate,
      options.quote === undefined ? 'זיכרונו לברכה' : options.quote,
      options.giftCode ?? null,
      options.giftStatus ?? null,
      options.purchaserUserId ?? null,
      options.claimedByUserId ?? null,
    ],
  )
  const book = { id: row!.id, shortCode: row!.short_code, familyCode: row!.family_access_code, fullName }
  if (options.withPhoto) {
    const url = await uploadToBucket(
      `profiles/${randomUUID()}/portrait.png`,
      stripedPng(240, 240, [120, 96, 150], [200, 180, 220], 12),
      'image/png',
    )
    await sql(`update "public"."memory_books" set "profile_image_url" = $1 where "id" = $2`, [url, book.id])
  }
  return book
}

export interface TestMemory {
  fullName?: string
  relation?: string
  texts?: [string | null, string | null, string | null]
  /** How many generated photos to attach (uploaded to the book's memories folder). */
  photos?: number
  /** Upload each photo's small copies beside it too, as the browser does (shared/derived-files.ts). */
  photoCopies?: boolean
  hidden?: boolean
  /** Days before now (so the order is known). */
  daysAgo?: number
}

const photoColours: Rgb[] = [
  [196, 160, 110],
  [110, 140, 170],
  [150, 180, 120],
  [190, 120, 120],
]

/** One memory inserted directly (the validation trigger still runs); returns its id. */
export async function addMemory(book: { id: string } | string, memory: TestMemory = {}, index = 0): Promise<string> {
  const bookId = typeof book === 'string' ? book : book.id
  const urls: string[] = []
  for (let photo = 0; photo < (memory.photos ?? 0); photo += 1) {
    const colour = photoColours[(index + photo) % photoColours.length]!
    const name = `memories/${bookId}/seed-${randomUUID()}.png`
    const bytes = stripedPng(320, 240, colour, [240, 236, 228], 20)
    if (memory.photoCopies) await uploadPictureWithCopies(name, bytes, 'image/png')
    else await uploadToBucket(name, bytes, 'image/png')
    urls.push(publicUrl(name))
  }
  const [row] = await sql<{ id: string }>(
    `insert into "public"."memory_entries"
       ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "memory_text_2", "memory_text_3",
        "image_urls", "image_captions", "is_hidden", "created_at")
     values ($1, $2, $3, $4, $5, $6, $7::text[], $8::text[], $9::text::boolean, now() - make_interval(days => $10::int))
     returning "id"`,
    [
      bookId,
      memory.fullName ?? 'כותב בדיקה',
      memory.relation ?? 'חבר/ה',
      ...(memory.texts ?? ['זיכרון לבדיקה', null, null]),
      urls,
      urls.map(() => ''),
      String(memory.hidden ?? false),
      memory.daysAgo ?? 0,
    ],
  )
  return row!.id
}

/** Several memories, the first the oldest unless `daysAgo` says otherwise. */
export async function addMemories(book: { id: string }, memories: TestMemory[]): Promise<string[]> {
  const ids: string[] = []
  for (const [index, memory] of memories.entries()) {
    ids.push(await addMemory(book, { daysAgo: memories.length - index, ...memory }, index))
  }
  return ids
}

export type BookRow = Database['public']['Tables']['memory_books']['Row']

/** The book's row as the database holds it (dates as `YYYY-MM-DD`), or undefined once deleted. */
export async function bookRow(id: string): Promise<BookRow | undefined> {
  const [row] = await sql<{ row: BookRow }>(
    `select to_jsonb(b) as "row" from "public"."memory_books" b where "id" = $1`,
    [id],
  )
  return row?.row
}

/** Every book whose owner is `email`, oldest first. */
export async function booksOwnedBy(email: string): Promise<BookRow[]> {
  const rows = await sql<{ row: BookRow }>(
    `select to_jsonb(b) as "row" from "public"."memory_books" b where "owner_email" = $1 order by "created_at"`,
    [email.toLowerCase()],
  )
  return rows.map((row) => row.row)
}

/** A new invitation token (43 URL-safe characters) and the SHA-256 hash the database keeps of it. */
function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: createHash('sha256').update(token, 'utf8').digest('hex') }
}

export interface InvitationOptions {
  /** 'cancelled' for a cancelled invitation; an expired one has `expiresAt` in the past. */
  status?: 'invited' | 'cancelled'
  expiresAt?: Date
  adminName?: string
}

/** A pending invitation to administer the book, as the owner's invite would leave it. */
export async function inviteAdmin(
  bookId: string,
  contact: string,
  options: InvitationOptions = {},
): Promise<{ id: string; token: string }> {
  const { token, hash } = newInvitationToken()
  const [row] = await sql<{ id: string }>(
    `insert into "public"."book_admins" ("book_id", "admin_name", "contact", "status", "token_hash", "expires_at")
     values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now() + interval '7 days')) returning "id"`,
    [
      bookId,
      options.adminName ?? 'מוזמן בדיקה',
      contact,
      options.status ?? 'invited',
      hash,
      options.expiresAt?.toISOString() ?? null,
    ],
  )
  return { id: row!.id, token }
}

/** An ownership-transfer invitation of the book to `inviteeEmail`, as create_ownership_transfer leaves it. */
export async function inviteTransfer(
  bookId: string,
  inviteeEmail: string,
  options: { expiresAt?: Date; requestedBy?: string } = {},
): Promise<{ id: string; token: string }> {
  const { token, hash } = newInvitationToken()
  const [row] = await sql<{ id: string }>(
    `insert into "public"."ownership_transfer_requests" ("book_id", "invitee_email", "invite_token_hash", "expires_at", "requested_by")
     values ($1, $2, $3, coalesce($4::timestamptz, now() + interval '7 days'), $5) returning "id"`,
    [bookId, inviteeEmail, hash, options.expiresAt?.toISOString() ?? null, options.requestedBy ?? null],
  )
  return { id: row!.id, token }
}

/** A confirmed family admin of the book. */
export async function confirmAdmin(bookId: string, userId: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into "public"."book_admins" ("book_id", "admin_name", "status", "user_id", "confirmed_at")
     values ($1, 'מנהל בדיקה', 'confirmed', $2, now()) returning "id"`,
    [bookId, userId],
  )
  return row!.id
}

/** A new unique gift code from the database's own generator. */
export async function newGiftCode(): Promise<string> {
  const [row] = await sql<{ code: string }>(`select "private"."new_gift_code"() as "code"`)
  return row!.code
}

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
 * Calls the family-access function as the client at `address` (the gateway takes the client's
 * address from the socket and overwrites X-Forwarded-For, as Supabase's edge does).
 */
export async function requestFamilyAccess(
  bookRef: string,
  code: string,
  options: {
    address?: string
    headers?: Record<string, string>
    /** What else the caller proves: the family link's key, a grant the browser holds. */
    proof?: { link_key?: string; held_grant?: string }
  } = {},
): Promise<FamilyAccessAnswer> {
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
      body: JSON.stringify({ book_ref: bookRef, code, ...options.proof }),
    },
  )
  return { status: response.status, body: response.json<FamilyAccessAnswer['body']>() }
}

/** An access grant for the book, from its right family code. */
export async function familyAccessGrant(book: TestBook): Promise<string> {
  const answer = await requestFamilyAccess(book.shortCode, book.familyCode)
  if (!answer.body.access_grant) throw new Error(`no grant: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.access_grant
}

export interface ShivaOptions {
  address?: string
  /** ISO dates; by default the seven days starting today in Israel. */
  startsOn?: string
  endsOn?: string
  visitingHours?: string | null
  note?: string | null
  mapUrl?: string | null
}

/** A calendar day in Israel `days` days from today, as ISO. */
export function israelDate(days = 0): string {
  const israelToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date())
  const date = new Date(`${israelToday}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** The book's shiva details, written as the database owner. */
export async function addShivaDetails(book: { id: string }, options: ShivaOptions = {}): Promise<void> {
  await sql(
    `insert into "public"."book_shiva" ("book_id", "address", "starts_on", "ends_on", "visiting_hours", "note", "map_url")
     values ($1, $2, $3::date, $4::date, $5, $6, $7)
     on conflict ("book_id") do update set "address" = excluded."address", "starts_on" = excluded."starts_on",
       "ends_on" = excluded."ends_on", "visiting_hours" = excluded."visiting_hours", "note" = excluded."note",
       "map_url" = excluded."map_url"`,
    [
      book.id,
      options.address ?? 'רחוב הרצל 12, חיפה',
      options.startsOn ?? israelDate(0),
      options.endsOn ?? israelDate(6),
      options.visitingHours === undefined ? '10:00–13:00, 17:00–21:00' : options.visitingHours,
      options.note === undefined ? 'אין ביקורים בשבת' : options.note,
      options.mapUrl === undefined ? 'https://maps.google.com/?q=Herzl+12+Haifa' : options.mapUrl,
    ],
  )
}
