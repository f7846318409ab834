/**
 * One address is a household, not a person: sixty relatives on a shiva house's one Wi-Fi open the
 * private book with its code (one in ten mistypes once), write a memory with two photos, light a
 * candle and subscribe to reminders, and all of it succeeds. Each limit against abuse stops one
 * abuser while a second, honest client goes on, and no limit counts every visitor together.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  clientWithToken,
  createBook,
  familyAccessGrant,
  lightCandle,
  requestFamilyAccess,
  signedInUser,
  sql,
  subscribeToReminders,
  TINY_JPEG,
  uniqueAddress,
  uniqueEmail,
} from '../../../supabase/local/testing/index.ts'

const RELATIVES = 60

function newVisitor(): string {
  return randomBytes(24).toString('base64url')
}

async function inBatches<T>(count: number, size: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => run(start + offset))
    results.push(...(await Promise.all(batch)))
  }
  return results
}

/** Fills a limit as if `hits` requests had just been counted for `client`. */
async function countedAlready(scope: string, client: string, hits: number): Promise<void> {
  await sql(
    `insert into "public"."rate_limit_hits" ("scope", "client_key") select $1, $2 from generate_series(1, $3::int)`,
    [scope, client, hits],
  )
}

async function rateLimitLogRows(client: string): Promise<number> {
  const [row] = await sql<{ count: number }>(
    `select count(*)::int as "count" from "public"."admin_logs"
      where "action" = 'SECURITY_RATE_LIMITED' and "target_user" = $1`,
    [client],
  )
  return row!.count
}

describe('a shiva house behind one address', () => {
  it(
    'lets 60 relatives open the book, write a memory with two photos, light a candle and subscribe',
    { timeout: 300_000 },
    async () => {
      const book = await createBook({ familyCode: '3857', deathDate: '2026-11-20', plan: 'pro' })
      const house = uniqueAddress()
      const outcomes = await inBatches(RELATIVES, 10, async (index) => {
        if (index % 10 === 0) {
          const typo = await requestFamilyAccess(book.shortCode, '3858', { address: house })
          if (typo.body.reason !== 'family_code_invalid') return `typo answered ${typo.status}`
        }
        const access = await requestFamilyAccess(book.shortCode, book.familyCode, { address: house })
        const grant = access.body.access_grant
        if (!grant) return `code answered ${access.status} ${access.body.reason ?? access.body.code}`

        const relative = clientWithToken(undefined, house)
        const photos: string[] = []
        for (let photo = 0; photo < 2; photo += 1) {
          const name = `memories/${book.id}/${randomUUID()}.jpg`
          const upload = await relative.storage
            .from('memory-images')
            .upload(name, TINY_JPEG, { contentType: 'image/jpeg' })
          if (upload.error) return `upload: ${upload.error.message}`
          photos.push(relative.storage.from('memory-images').getPublicUrl(name).data.publicUrl)
        }
        const memory = await relative.rpc('add_memory', {
          book_ref: book.shortCode,
          access_grant: grant,
          full_name: `קרוב ${index}`,
          text1: 'זוכרים אותו בכל ערב שבת',
          image_urls: photos,
          image_captions: ['', ''],
        })
        if (memory.error || !(memory.data as { ok?: boolean } | null)?.ok) {
          return `memory: ${memory.error?.message ?? JSON.stringify(memory.data)}`
        }
        const candle = await lightCandle(book.shortCode, newVisitor(), { access_grant: grant }, { address: house })
        if (candle.status !== 200) return `candle answered ${candle.status} ${candle.body.code}`
        const reminder = await subscribeToReminders(book.shortCode, uniqueEmail(`relative-${index}`), {
          address: house,
        })
        if (reminder.status !== 200) return `reminders answered ${reminder.status} ${reminder.body.code}`
        return 'ok'
      })
      expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([])
      const [counts] = await sql<{ memories: number; candles: number }>(
        `select (select count(*)::int from "public"."memory_entries" where "book_id" = $1) as "memories",
                (select count(*)::int from "public"."candles" where "book_id" = $1) as "candles"`,
        [book.id],
      )
      expect(counts).toEqual({ memories: RELATIVES, candles: RELATIVES })
    },
  )
})

describe('limits that stop the abuser and not everyone else', () => {
  it('stops a candle abuser at its address while an honest visitor lights one, and logs the abuse', async () => {
    const book = await createBook({ isPublic: true })
    const abuser = uniqueAddress()
    await countedAlready('candle_book_address', `${book.id}|${abuser}`, 100)
    const refused = await lightCandle(book.shortCode, newVisitor(), {}, { address: abuser })
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } })
    expect(await rateLimitLogRows(`${book.id}|${abuser}`)).toBe(1)
    expect((await lightCandle(book.shortCode, newVisitor(), {}, { address: uniqueAddress() })).status).toBe(200)
  })

  it("slows a burst of candles on one book from many addresses, and never the family's own", async () => {
    const book = await createBook({ isPublic: true })
    const statuses = await inBatches(40, 40, () =>
      lightCandle(book.shortCode, newVisitor(), {}, { address: uniqueAddress() }).then((answer) => answer.status),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(30)
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)
    await sql(
      `update "public"."rate_limit_hits" set "hit_at" = "hit_at" - interval '61 seconds' where "client_key" = $1`,
      [book.id],
    )
    expect((await lightCandle(book.shortCode, newVisitor(), {}, { address: uniqueAddress() })).status).toBe(200)
  })

  it("counts signed-in accounts and made-up grants in a book's candles a minute, never its family", async () => {
    const owner = await signedInUser({ label: 'candle-limit-owner' })
    const book = await createBook({ ownerEmail: owner.email, isPublic: true })
    const grant = await familyAccessGrant(book)
    await countedAlready('candle_book', book.id, 30)
    const stranger = await signedInUser({ label: 'candle-limit-account' })
    const fromAccount = await lightCandle(
      book.shortCode,
      newVisitor(),
      {},
      { token: stranger.accessToken, address: uniqueAddress() },
    )
    expect(fromAccount).toMatchObject({ status: 429, body: { code: 'rate_limited' } })
    const madeUpGrant = await lightCandle(
      book.shortCode,
      newVisitor(),
      { access_grant: 'x'.repeat(43) },
      { address: uniqueAddress() },
    )
    expect(madeUpGrant.status).toBe(429)
    expect((await lightCandle(book.shortCode, newVisitor(), {}, { address: uniqueAddress() })).status).toBe(429)

    const byOwner = await lightCandle(
      book.shortCode,
      newVisitor(),
      {},
      { token: owner.accessToken, address: uniqueAddress() },
    )
    expect(byOwner.status).toBe(200)
    const byGrant = await lightCandle(
      book.shortCode,
      newVisitor(),
      { access_grant: grant },
      { address: uniqueAddress() },
    )
    expect(byGrant.status).toBe(200)
  })

  it('counts one book once in each per-book limit, whether a link names it by its uuid or its short code', async () => {
    const book = await createBook({ isPublic: true, deathDate: '2026-10-01' })
    const names = [book.id, book.shortCode, book.id.toUpperCase(), ` ${book.shortCode.toLowerCase()} `]
    const statuses = await inBatches(40, 40, (index) =>
      lightCandle(names[index % names.length]!, newVisitor(), {}, { address: uniqueAddress() }).then(
        (answer) => answer.status,
      ),
    )
    expect(statuses.filter((status) => status === 200)).toHaveLength(30)
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)

    const household = uniqueAddress()
    await countedAlready('candle_book_address', `${book.id}|${household}`, 99)
    await sql(`delete from "public"."rate_limit_hits" where "scope" = 'candle_book' and "client_key" = $1`, [book.id])
    expect((await lightCandle(book.shortCode, newVisitor(), {}, { address: household })).status).toBe(200)
    expect((await lightCandle(book.id, newVisitor(), {}, { address: household })).status).toBe(429)

    await countedAlready('reminder_book', book.id, 299)
    expect((await subscribeToReminders(book.shortCode, uniqueEmail('by-code'))).status).toBe(200)
    expect(await subscribeToReminders(book.id, uniqueEmail('by-uuid'))).toMatchObject({
      status: 429,
      body: { code: 'rate_limited' },
    })
  })

  it('limits reminder requests per mailbox, folding +tags and dots, while another relative subscribes', async () => {
    const book = await createBook({ deathDate: '2026-10-01' })
    const local = `mailbox.${randomBytes(4).toString('hex')}`
    const variants = [`${local}@gmail.com`, `${local}+shiva@gmail.com`, `${local.replace('.', '')}@googlemail.com`]
    for (const email of variants) {
      expect((await subscribeToReminders(book.shortCode, email, { address: uniqueAddress() })).status).toBe(200)
    }
    const fourth = await subscribeToReminders(book.shortCode, `${local.toUpperCase()}+again@gmail.com`)
    expect(fourth).toMatchObject({ status: 429, body: { code: 'rate_limited' } })
    expect((await subscribeToReminders(book.shortCode, uniqueEmail('honest'))).status).toBe(200)

    const busy = uniqueAddress()
    await countedAlready('reminder_address', busy, 100)
    expect((await subscribeToReminders(book.shortCode, uniqueEmail('from-busy'), { address: busy })).status).toBe(429)
    expect((await subscribeToReminders(book.shortCode, uniqueEmail('elsewhere'))).status).toBe(200)
  })

  it('keeps the support chat open to a new visitor however many sessions others opened', async () => {
    const abuser = uniqueAddress()
    await countedAlready('chat_new_session_address', abuser, 10)
    for (let n = 0; n < 20; n += 1) await countedAlready('chat_new_session_address', uniqueAddress(), 10)
    await countedAlready('chat_new_session_all', 'all', 5000)
    const ask = (address: string) =>
      clientWithToken(undefined, address).functions.invoke('support-chat', {
        body: { action: 'ask', text: 'כמה עולה ספר?' },
      })
    const refused = await ask(abuser)
    expect((refused.error as { context?: Response } | null)?.context?.status).toBe(429)
    const honest = await ask(uniqueAddress())
    expect(honest.error).toBeNull()
    expect(honest.data).toMatchObject({ intent: 'pricing' })
  })
})
