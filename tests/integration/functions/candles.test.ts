/**
 * Candles: one per visitor, book and day; limits per address; a private book's candles only for
 * those who may read it; an unpaid book has none.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  confirmAdmin,
  createBook,
  familyAccessGrant,
  lightCandle,
  signedInUser,
  sql,
  uniqueAddress,
} from '../../../supabase/local/testing/index.ts'

let visitorCounter = 0
const newVisitor = () => `visitor${process.pid}x${Date.now()}x${(visitorCounter += 1)}`

describe('candles', () => {
  it('lights one candle per visitor a day, counts them, and keeps the optional name', async () => {
    const book = await createBook({ isPublic: true })
    const visitor = newVisitor()
    const first = await lightCandle(book.shortCode, visitor, { name: '  רותי  ' })
    expect(first).toEqual({ status: 200, body: { ok: true, reason: 'lit', count: 1, lit_today: true } })
    const again = await lightCandle(book.shortCode, visitor)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ ok: false, reason: 'already_lit', count: 1, lit_today: true })
    expect((await lightCandle(book.shortCode, newVisitor())).body).toMatchObject({ ok: true, count: 2 })

    const { data } = await anonClient().rpc('candle_count', { book_ref: book.shortCode, visitor })
    expect(data).toEqual({ count: 2, lit_today: true })
    const { data: stranger } = await anonClient().rpc('candle_count', {
      book_ref: book.shortCode,
      visitor: newVisitor(),
    })
    expect(stranger).toEqual({ count: 2, lit_today: false })
    const names = await sql<{ lit_by: string | null }>(
      `select "lit_by" from "public"."candles" where "book_id" = $1 order by "created_at"`,
      [book.id],
    )
    expect(names).toEqual([{ lit_by: 'רותי' }, { lit_by: null }])
  })

  it('lets a visitor light again on the next day', async () => {
    const book = await createBook({ isPublic: true })
    const visitor = newVisitor()
    await lightCandle(book.shortCode, visitor)
    await sql(`update "public"."candles" set "lit_on" = "lit_on" - 1 where "book_id" = $1`, [book.id])
    expect((await lightCandle(book.shortCode, visitor)).body).toMatchObject({ ok: true, reason: 'lit', count: 2 })
  })

  it('keeps a private book’s candles for those who may read it', async () => {
    const owner = await signedInUser({ label: 'candle-owner' })
    const book = await createBook({ ownerEmail: owner.email, isPublic: false })

    const refused = await lightCandle(book.shortCode, newVisitor())
    expect(refused).toMatchObject({ status: 403, body: { code: 'candles_private' } })
    const { error } = await anonClient().rpc('candle_count', { book_ref: book.shortCode })
    expect(error?.code).toBe('42501')
    const wrongGrant = await lightCandle(book.shortCode, newVisitor(), { access_grant: 'x'.repeat(43) })
    expect(wrongGrant.status).toBe(403)

    const grant = await familyAccessGrant(book)
    expect((await lightCandle(book.shortCode, newVisitor(), { access_grant: grant })).body).toMatchObject({ ok: true })
    const byOwner = await lightCandle(book.shortCode, newVisitor(), {}, { token: owner.accessToken })
    expect(byOwner.body).toMatchObject({ ok: true, count: 2 })
    const { data } = await owner.client.rpc('candle_count', { book_ref: book.shortCode })
    expect(data).toMatchObject({ count: 2 })

    const otherBook = await createBook({ isPublic: false })
    expect((await lightCandle(otherBook.shortCode, newVisitor(), { access_grant: grant })).status).toBe(403)
  })

  it('has no candles on an unpaid book, and answers 404 for an unknown one', async () => {
    const book = await createBook({ isPublic: true, payment: 'unpaid' })
    expect((await lightCandle(book.shortCode, newVisitor())).status).toBe(403)
    expect((await lightCandle('NOSUCHBK', newVisitor())).status).toBe(404)
  })

  it('refuses a malformed visitor token and a name over 60 characters', async () => {
    const book = await createBook({ isPublic: true })
    expect((await lightCandle(book.shortCode, 'short')).body).toMatchObject({ code: 'invalid_body' })
    expect((await lightCandle(book.shortCode, newVisitor(), { name: 'א'.repeat(61) })).body).toMatchObject({
      code: 'invalid_body',
      error: 'השם יכול להכיל עד 60 תווים',
    })
  })

  it('limits one address to 100 candles a day in one book, whatever its visitor tokens', async () => {
    const book = await createBook({ isPublic: true })
    const address = uniqueAddress()
    await sql(
      `insert into "public"."rate_limit_hits" ("scope", "client_key") select 'candle_book_address', $1 from generate_series(1, 99)`,
      [`${book.id}|${address}`],
    )
    expect((await lightCandle(book.shortCode, newVisitor(), {}, { address })).status).toBe(200)
    expect((await lightCandle(book.shortCode, newVisitor(), {}, { address })).status).toBe(429)
    expect((await lightCandle(book.shortCode, newVisitor())).status).toBe(200)
  })

  it('shows the names left with candles to the family alone: owner and family admins, not strangers or visitors', async () => {
    const owner = await signedInUser()
    const familyAdmin = await signedInUser()
    const stranger = await signedInUser()
    const book = await createBook({ ownerEmail: owner.email, isPublic: true })
    await confirmAdmin(book.id, familyAdmin.id)
    await lightCandle(book.shortCode, newVisitor(), { name: 'רותי, השכנה' })
    await lightCandle(book.shortCode, newVisitor())
    await lightCandle(book.shortCode, newVisitor(), { name: 'דוד' })

    for (const family of [owner.client, familyAdmin.client]) {
      const { data, error } = await family.rpc('candles_lit_by', { book_ref: book.shortCode })
      expect(error).toBeNull()
      expect(data?.map((candle) => candle.lit_by)).toEqual(['דוד', 'רותי, השכנה'])
    }
    expect((await stranger.client.rpc('candles_lit_by', { book_ref: book.shortCode })).data).toEqual([])
    const visitor = await anonClient().rpc('candles_lit_by', { book_ref: book.shortCode })
    expect(visitor.error?.code).toBe('42501')
  })

  it('keeps the candles table from every API role', async () => {
    const { error } = await anonClient().from('candles').select('*')
    expect(error?.code).toBe('42501')
  })
})
