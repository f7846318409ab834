/**
 * A private book's family code cannot be swept from many addresses: at most 100 wrong codes are
 * compared for one book in any 24 hours, from all clients together, and past that a typed code is
 * not compared at all (a calm "ask the family for the link"). The owner is e-mailed once, with a
 * one-tap link that renews the code. Members are never refused: a signed-in owner or platform
 * admin, a browser holding (or lately holding) a grant, and the family's link. Time passes by
 * moving the recorded attempts back.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  createBook,
  familyAccessGrant,
  linksIn,
  mailsTo,
  requestFamilyAccess,
  requestFrom,
  signedInUser,
  sql,
  type TestBook,
  testEnv,
  uniqueAddress,
  uniqueEmail,
  waitForMail,
} from '../local/testing/index.ts'

const PAUSED_MESSAGE =
  'כדי לשמור על הספר, הכניסה בהקלדת הקוד נעצרה לזמן מה. בקשו מהמשפחה את הקישור לספר, והוא ייפתח מיד.'
const ALERT_SUBJECT = 'ניסיונות רבים לנחש את הקוד המשפחתי'
/** Wrong codes compared for one book in any 24 hours, from all clients together. */
const CEILING_PER_DAY = 100
/** A new book's code: 4 digits. */
const CODE_SPACE = 10_000

type Answer = Awaited<ReturnType<typeof requestFamilyAccess>>

/** 4-digit codes from 0000 upwards, skipping `except`. */
function wrongCodes(count: number, except: string): string[] {
  const codes: string[] = []
  for (let n = 0; codes.length < count; n += 1) {
    const code = String(n).padStart(4, '0')
    if (code !== except) codes.push(code)
  }
  return codes
}

/** Each code from an address of its own, `parallel` at a time, in order. */
async function sweep(book: TestBook, codes: string[], parallel = 16): Promise<Answer[]> {
  const answers: Answer[] = []
  for (let start = 0; start < codes.length; start += parallel) {
    const batch = codes.slice(start, start + parallel)
    answers.push(
      ...(await Promise.all(
        batch.map((code) => requestFamilyAccess(book.shortCode, code, { address: uniqueAddress() })),
      )),
    )
  }
  return answers
}

async function comparedCodes(bookId: string): Promise<{ failed: number; succeeded: number }> {
  const [row] = await sql<{ failed: number; succeeded: number }>(
    `select count(*) filter (where not "success")::int as "failed", count(*) filter (where "success")::int as "succeeded"
       from "public"."family_code_attempts" where "book_id" = $1`,
    [bookId],
  )
  return row!
}

async function shiftAttempts(bookId: string, minutes: number): Promise<void> {
  await sql(
    `update "public"."family_code_attempts"
        set "attempted_at" = "attempted_at" - make_interval(mins => $2::int),
            "locks_until" = "locks_until" - make_interval(mins => $2::int)
      where "book_id" = $1`,
    [bookId, minutes],
  )
}

async function linkKeyOf(bookId: string): Promise<string> {
  const [row] = await sql<{ key: string }>(
    `select "family_link_key" as "key" from "public"."memory_books" where "id" = $1`,
    [bookId],
  )
  return row!.key
}

function isPaused(answer: Answer): boolean {
  return answer.status === 200 && answer.body.reason === 'family_code_paused' && answer.body.message === PAUSED_MESSAGE
}

async function alertsTo(address: string): Promise<number> {
  return (await mailsTo(address)).filter((mail) => mail.Subject.includes(ALERT_SUBJECT)).length
}

function renewFromAlert(token: string) {
  return requestFrom(uniqueAddress(), `${testEnv.apiUrl}/functions/v1/family-access`, {
    method: 'POST',
    headers: {
      apikey: testEnv.anonKey,
      authorization: `Bearer ${testEnv.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ renew_token: token }),
  })
}

describe('the family code ceiling', () => {
  it(
    'lets a sweep from 1,000 addresses compare 100 codes, finds nothing, and e-mails the owner once',
    { timeout: 240_000 },
    async () => {
      const ownerEmail = uniqueEmail('swept-owner')
      const book = await createBook({ ownerEmail, familyCode: '9731' })
      const codes = [...wrongCodes(999, book.familyCode), book.familyCode]

      const answers = await sweep(book, codes)

      expect(answers.filter((answer) => answer.body.ok)).toHaveLength(0)
      expect(await comparedCodes(book.id)).toEqual({ failed: CEILING_PER_DAY, succeeded: 0 })
      expect(answers.filter(isPaused)).toHaveLength(codes.length - CEILING_PER_DAY)
      expect(isPaused(answers.at(-1)!)).toBe(true)
      await waitForMail(ownerEmail, { subject: ALERT_SUBJECT })
      expect(await alertsTo(ownerEmail)).toBe(1)
      const [log] = await sql<{ count: number }>(
        `select count(*)::int as "count" from "public"."admin_logs"
          where "action" = 'SECURITY_FAMILY_CODE_SWEEP' and "book_id" = $1`,
        [book.id],
      )
      expect(log!.count).toBe(1)
    },
  )

  it(
    'compares at most 100 codes a day, so 5,000 guesses on average take at least 30 days',
    { timeout: 120_000 },
    async () => {
      const book = await createBook({ ownerEmail: uniqueEmail('slow-sweep'), familyCode: '8642' })
      const codes = wrongCodes(300, book.familyCode)
      await sweep(book, codes.slice(0, 150))
      expect((await comparedCodes(book.id)).failed).toBe(CEILING_PER_DAY)

      await shiftAttempts(book.id, 23 * 60)
      expect((await sweep(book, codes.slice(150, 160))).every(isPaused)).toBe(true)
      await shiftAttempts(book.id, 61)
      await sweep(book, codes.slice(160, 300))
      const comparedInTwoDays = (await comparedCodes(book.id)).failed
      expect(comparedInTwoDays).toBe(2 * CEILING_PER_DAY)

      const averageGuesses = CODE_SPACE / 2
      expect(averageGuesses / (comparedInTwoDays / 2)).toBeGreaterThanOrEqual(30)
    },
  )

  it(
    'never refuses the owner, a platform admin, a browser holding a grant, or the family link',
    { timeout: 120_000 },
    async () => {
      const owner = await signedInUser({ label: 'ceiling-owner' })
      const admin = await signedInUser({ label: 'ceiling-admin', platformAdmin: true })
      const book = await createBook({ ownerEmail: owner.email, familyCode: '5173' })
      const held = await familyAccessGrant(book)
      await sweep(book, wrongCodes(CEILING_PER_DAY, book.familyCode))

      expect(isPaused(await requestFamilyAccess(book.shortCode, book.familyCode))).toBe(true)
      for (const member of [owner, admin]) {
        const answer = await requestFamilyAccess(book.shortCode, book.familyCode, {
          headers: { authorization: `Bearer ${member.accessToken}` },
        })
        expect(answer.body.ok).toBe(true)
      }
      expect(
        (await requestFamilyAccess(book.shortCode, book.familyCode, { proof: { held_grant: held } })).body.ok,
      ).toBe(true)
      await sql(
        `update "public"."family_access_grants" set "expires_at" = now() - interval '2 days' where "book_id" = $1`,
        [book.id],
      )
      expect(
        (await requestFamilyAccess(book.shortCode, book.familyCode, { proof: { held_grant: held } })).body.ok,
      ).toBe(true)
      expect((await requestFamilyAccess(book.shortCode, '0000', { proof: { held_grant: held } })).body.reason).toBe(
        'family_code_invalid',
      )

      const linkKey = await linkKeyOf(book.id)
      const byLink = await requestFamilyAccess(book.shortCode, '', { proof: { link_key: linkKey } })
      expect(byLink.body).toMatchObject({ ok: true, access_grant: expect.any(String) })
      const forgedLink = await requestFamilyAccess(book.shortCode, book.familyCode, {
        proof: { link_key: `${linkKey.slice(0, -2)}xx` },
      })
      expect(isPaused(forgedLink)).toBe(true)
    },
  )

  it(
    "renews the code from the owner's e-mail: old grants and the old link close, the new code opens at once",
    { timeout: 120_000 },
    async () => {
      const ownerEmail = uniqueEmail('renewing-owner')
      const book = await createBook({ ownerEmail })
      const oldGrant = await familyAccessGrant(book)
      const oldLinkKey = await linkKeyOf(book.id)
      await sweep(book, wrongCodes(CEILING_PER_DAY, book.familyCode))

      const mail = await waitForMail(ownerEmail, { subject: ALERT_SUBJECT })
      const renewLink = linksIn(mail).find((href) => href.includes('/family-code/renew?token='))
      expect(renewLink).toBeDefined()
      const token = new URL(renewLink!).searchParams.get('token')!
      const renewed = await renewFromAlert(token)
      expect(renewed.status).toBe(200)
      const answer = renewed.json<{ ok: boolean; short_code: string; family_code: string; link_key: string }>()
      expect(answer).toMatchObject({
        ok: true,
        short_code: book.shortCode,
        family_code: expect.stringMatching(/^[A-Z0-9]{6}$/),
      })
      expect(answer.link_key).not.toBe(oldLinkKey)

      const oldRead = await anonClient().rpc('get_book_memories', { book_ref: book.shortCode, access_grant: oldGrant })
      expect(oldRead.error?.hint).toBe('family_access_expired')
      expect((await requestFamilyAccess(book.shortCode, '', { proof: { link_key: oldLinkKey } })).body.ok).toBe(false)
      expect((await requestFamilyAccess(book.shortCode, answer.family_code)).body.ok).toBe(true)
      expect((await requestFamilyAccess(book.shortCode, '', { proof: { link_key: answer.link_key } })).body.ok).toBe(
        true,
      )

      const again = await renewFromAlert(token)
      expect(again.status).toBe(410)
      expect(again.json()).toMatchObject({ code: 'alert_link_invalid' })
    },
  )
})
