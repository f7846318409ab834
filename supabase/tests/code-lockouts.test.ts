/**
 * Family codes are compared only by the family-access function (service role, its own request to
 * the database), so no option of the caller's request can undo a counted attempt. 10 wrong codes
 * from one client (address) for one book within 15 minutes refuse that client for 15 minutes
 * with one SECURITY_FAMILY_CODE_LOCKOUT row; other clients with the right code still get in.
 * The book's ceiling across all clients is tested in family-code-sweep.test.ts.
 * A right code gives an access grant that reading and adding memories take instead of the code.
 * Gift claims are limited per user. Time passes by moving the recorded attempts back.
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  createBook,
  familyAccessGrant,
  newGiftCode,
  requestFamilyAccess,
  serviceClient,
  signedInUser,
  sql,
  type TestBook,
  testEnv,
  uniqueAddress,
} from '../local/testing/index.ts'

const LOCKED_MESSAGE = 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות'
const WRONG_MESSAGE = 'הקוד המשפחתי שהזנת אינו נכון'

async function shiftFamilyCodeAttempts(bookId: string, minutes: number): Promise<void> {
  await sql(
    `update "public"."family_code_attempts"
        set "attempted_at" = "attempted_at" - make_interval(mins => $2::int),
            "locks_until" = "locks_until" - make_interval(mins => $2::int)
      where "book_id" = $1`,
    [bookId, minutes],
  )
}

async function lockoutLogRows(bookId: string): Promise<number> {
  const [row] = await sql<{ count: number }>(
    `select count(*)::int as "count" from "public"."admin_logs"
      where "action" = 'SECURITY_FAMILY_CODE_LOCKOUT' and "book_id" = $1`,
    [bookId],
  )
  return row!.count
}

async function recordedAttempts(bookId: string): Promise<{ failed: number; succeeded: number }> {
  const [row] = await sql<{ failed: number; succeeded: number }>(
    `select count(*) filter (where not "success")::int as "failed", count(*) filter (where "success")::int as "succeeded"
       from "public"."family_code_attempts" where "book_id" = $1`,
    [bookId],
  )
  return row!
}

/** A 4-digit code that is not the book's. */
function wrongCode(book: TestBook, n: number): string {
  const code = String(1000 + ((Number(book.familyCode) + 1 + n) % 9000))
  return code === book.familyCode ? '0000' : code
}

async function tryWrongCodes(
  book: TestBook,
  times: number,
  address: string,
  headers: Record<string, string> = {},
): Promise<void> {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const answer = await requestFamilyAccess(book.shortCode, wrongCode(book, attempt), { address, headers })
    expect(answer).toEqual({ status: 200, body: { ok: false, reason: 'family_code_invalid', message: WRONG_MESSAGE } })
  }
}

describe('family code lockout', () => {
  it('refuses a client after 10 wrong codes for 15 minutes while another client gets in', async () => {
    const book = await createBook({ familyCode: '4826' })
    const guesser = uniqueAddress()
    await tryWrongCodes(book, 10, guesser)

    const right = await requestFamilyAccess(book.shortCode, '4826', { address: guesser })
    expect(right).toEqual({ status: 429, body: { error: LOCKED_MESSAGE, code: 'family_code_locked' } })
    expect(await lockoutLogRows(book.id)).toBe(1)

    const member = await requestFamilyAccess(book.shortCode, ' 4826 ', { address: uniqueAddress() })
    expect(member.status).toBe(200)
    expect(member.body).toMatchObject({ ok: true, access_grant: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })

    await shiftFamilyCodeAttempts(book.id, 14)
    expect((await requestFamilyAccess(book.shortCode, '4826', { address: guesser })).status).toBe(429)
    await shiftFamilyCodeAttempts(book.id, 2)
    expect((await requestFamilyAccess(book.shortCode, '4826', { address: guesser })).body.ok).toBe(true)
    expect(await lockoutLogRows(book.id)).toBe(1)
  })

  it('starts counting afresh after a lockout ends and forgets wrong codes older than 15 minutes', async () => {
    const book = await createBook()
    const guesser = uniqueAddress()
    await tryWrongCodes(book, 10, guesser)
    await shiftFamilyCodeAttempts(book.id, 16)
    await tryWrongCodes(book, 9, guesser)
    await shiftFamilyCodeAttempts(book.id, 16)
    await tryWrongCodes(book, 9, guesser)
    expect((await requestFamilyAccess(book.shortCode, book.familyCode, { address: guesser })).body.ok).toBe(true)
    expect(await lockoutLogRows(book.id)).toBe(1)
  })

  it('compares at most 10 of 50 parallel wrong guesses from one client', async () => {
    const book = await createBook()
    const guesser = uniqueAddress()
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        requestFamilyAccess(book.shortCode, wrongCode(book, n), { address: guesser }),
      ),
    )
    expect(answers.filter((a) => a.status === 200 && a.body.reason === 'family_code_invalid')).toHaveLength(10)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40)
    expect(await recordedAttempts(book.id)).toEqual({ failed: 10, succeeded: 0 })
    expect(await lockoutLogRows(book.id)).toBe(1)
    expect((await requestFamilyAccess(book.shortCode, book.familyCode, { address: guesser })).status).toBe(429)
    expect((await requestFamilyAccess(book.shortCode, book.familyCode, { address: uniqueAddress() })).body.ok).toBe(
      true,
    )
  })

  it('counts attempts whatever the request asks of the database', async () => {
    const book = await createBook()
    const guesser = uniqueAddress()
    const variants: Record<string, string>[] = [
      { prefer: 'tx=rollback' },
      { accept: 'application/vnd.pgrst.object+json' },
      { prefer: 'tx=rollback, return=representation', accept: 'application/vnd.pgrst.object+json' },
      { 'accept-profile': 'private', 'content-profile': 'private' },
    ]
    for (let n = 0; n < 10; n += 1) {
      const answer = await requestFamilyAccess(book.shortCode, wrongCode(book, n), {
        address: guesser,
        headers: variants[n % variants.length]!,
      })
      expect(answer.body.reason).toBe('family_code_invalid')
    }
    expect(await recordedAttempts(book.id)).toEqual({ failed: 10, succeeded: 0 })
    expect((await requestFamilyAccess(book.shortCode, book.familyCode, { address: guesser })).status).toBe(429)
  })

  it('compares no code in a request the caller controls', async () => {
    const book = await createBook()
    await addMemory(book.id)
    const anon = anonClient()
    const signedIn = (await signedInUser({ label: 'code-guesser' })).client
    const args = { book_ref: book.shortCode, code: book.familyCode, client: 'forged' }
    for (const client of [anon, signedIn]) {
      const attempts = [
        await client.rpc('family_code_check', args),
        await client.rpc('family_code_check', args).rollback(),
        await client.rpc('family_code_check', args).single(),
        await client.rpc('family_code_check', args).eq('ok', true),
        await client.rpc('verify_family_code' as never, { book_ref: book.shortCode, code: book.familyCode } as never),
        await client.rpc('get_book_memories', { book_ref: book.shortCode, code: book.familyCode } as never).rollback(),
        await client.rpc('add_memory', {
          book_ref: book.shortCode,
          family_code: book.familyCode,
          full_name: 'א',
          text1: 'ב',
        } as never),
      ]
      for (const attempt of attempts) {
        expect(attempt.data).toBeNull()
        expect(['42501', 'PGRST202']).toContain(attempt.error?.code)
      }
    }
    const raw = await fetch(`${testEnv.apiUrl}/rest/v1/rpc/family_code_check`, {
      method: 'POST',
      headers: { apikey: testEnv.anonKey, 'content-type': 'application/json', prefer: 'tx=rollback' },
      body: JSON.stringify(args),
    })
    expect(raw.status).toBe(401)
    expect(await recordedAttempts(book.id)).toEqual({ failed: 0, succeeded: 0 })
  })
})

describe('family access grants', () => {
  it('accepts the right code typed with spaces and dashes anywhere', async () => {
    const book = await createBook({ familyCode: 'K7M2Q9' })
    const typed = await requestFamilyAccess(book.shortCode, ' k7-m2 q9\u2013')
    expect(typed.body.ok).toBe(true)
  })

  it('opens only its own book, until it expires or the code changes', async () => {
    const owner = await signedInUser({ label: 'grant-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    const other = await createBook()
    await addMemory(book.id, { texts: ['זיכרון משפחתי', null, null] })
    await addMemory(other.id)
    const anon = anonClient()
    const grant = await familyAccessGrant(book)

    const read = await anon.rpc('get_book_memories', { book_ref: book.shortCode, access_grant: grant })
    expect(read.data?.map((m) => m.memory_text_1)).toEqual(['זיכרון משפחתי'])
    const added = await anon.rpc('add_memory', {
      book_ref: book.shortCode,
      access_grant: grant,
      full_name: 'נכדה',
      text1: 'סבתא',
    })
    expect(added.data).toMatchObject({ ok: true, source: 'family' })

    const refusals = [
      await anon.rpc('get_book_memories', { book_ref: other.shortCode, access_grant: grant }),
      await anon.rpc('get_book_memories', { book_ref: book.shortCode, access_grant: `${grant.slice(0, -2)}xx` }),
      await anon.rpc('get_book_memories', { book_ref: book.shortCode, access_grant: book.familyCode }),
    ]
    for (const refusal of refusals)
      expect(refusal.error).toMatchObject({ code: '42501', hint: 'family_access_expired' })
    const noGrant = await anon.rpc('get_book_memories', { book_ref: book.shortCode })
    expect(noGrant.error).toMatchObject({ code: '42501', hint: 'family_code_required' })
    const otherBook = await anon.rpc('add_memory', {
      book_ref: other.shortCode,
      access_grant: grant,
      full_name: 'זר',
      text1: 'טקסט',
    })
    expect(otherBook.error).toMatchObject({ code: '42501', hint: 'family_access_expired' })

    await sql(
      `update "public"."family_access_grants" set "expires_at" = now() - interval '1 second' where "book_id" = $1`,
      [book.id],
    )
    expect((await anon.rpc('get_book_memories', { book_ref: book.shortCode, access_grant: grant })).error?.hint).toBe(
      'family_access_expired',
    )

    const fresh = await familyAccessGrant(book)
    expect((await anon.rpc('get_book_memories', { book_ref: book.shortCode, access_grant: fresh })).data).toHaveLength(
      2,
    )
    await owner.client.rpc('generate_family_code', { book: book.id })
    expect((await anon.rpc('get_book_memories', { book_ref: book.shortCode, access_grant: fresh })).error?.hint).toBe(
      'family_access_expired',
    )
    const [stored] = await sql<{ hashes: number; raw: number }>(
      `select count(*)::int as "hashes", count(*) filter (where "token_hash" = $2)::int as "raw"
         from "public"."family_access_grants" where "book_id" = $1`,
      [book.id, fresh],
    )
    expect(stored!.raw).toBe(0)
  })
})

/** claim-gift's comparison, called as that function calls it (service role only). */
function claimAs(user: { id: string }, args: { gift_code: string }) {
  return serviceClient().rpc('claim_gift_as', { claimer: user.id, gift_code: args.gift_code })
}

describe('gift claim lockout', () => {
  it("refuses a user's 11th claim after 10 unknown codes, even with a real code", async () => {
    const claimer = await signedInUser({ label: 'gift-guesser' })
    const giftCode = await newGiftCode()
    await createBook({ giftCode, giftStatus: 'pending' })
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { data, error } = await claimAs(claimer, { gift_code: `ZZZZZZ${attempt}A`.slice(0, 8) })
      expect(error).toBeNull()
      expect(data).toMatchObject({ ok: false, reason: 'gift_not_found', message: 'נא לבדוק את הקוד שקיבלת שנית' })
    }
    const locked = await claimAs(claimer, { gift_code: giftCode })
    expect(locked.data).toMatchObject({ ok: false, message: LOCKED_MESSAGE, reason: 'gift_claim_locked' })

    const someoneElse = await signedInUser({ label: 'gift-recipient' })
    const claimed = await claimAs(someoneElse, { gift_code: ` ${giftCode.toLowerCase()} ` })
    expect(claimed.data).toMatchObject({ ok: true, reason: 'claimed' })
    const [book] = await sql<{ owner_email: string; gift_status: string }>(
      `select "owner_email", "gift_status" from "public"."memory_books" where "gift_code" = $1`,
      [giftCode],
    )
    expect(book).toEqual({ owner_email: someoneElse.email, gift_status: 'claimed' })
  })

  it('explains why a real code cannot be claimed', async () => {
    const user = await signedInUser({ label: 'gift-checker' })
    const expired = await newGiftCode()
    await createBook({ giftCode: expired, giftStatus: 'pending' })
    await sql(
      `update "public"."memory_books" set "gift_code_expires_at" = now() - interval '1 day' where "gift_code" = $1`,
      [expired],
    )
    const cancelled = await newGiftCode()
    await createBook({ giftCode: cancelled, giftStatus: 'cancelled' })
    const unpaid = await newGiftCode()
    await createBook({ giftCode: unpaid, giftStatus: 'pending', payment: 'pending' })

    const reasons = []
    for (const code of [expired, cancelled, unpaid]) {
      reasons.push((await claimAs(user, { gift_code: code })).data?.message)
    }
    expect(reasons).toEqual(['קוד המתנה פג תוקפו', 'המתנה בוטלה על ידי הרוכש', 'קוד המתנה לא זמין לתביעה'])
    const again = await signedInUser({ label: 'gift-second' })
    const first = await newGiftCode()
    await createBook({ giftCode: first, giftStatus: 'pending' })
    expect((await claimAs(user, { gift_code: first })).data?.ok).toBe(true)
    expect((await claimAs(again, { gift_code: first })).data?.message).toBe('קוד המתנה כבר נתבע')
  })
})
