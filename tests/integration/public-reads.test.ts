/**
 * What the pages a relative opens read without supabase-js for a signed-out visitor
 * (src/lib/public-rpc.ts): a GET with the key in the address, answered by the same database
 * functions and refused by the same rules as supabase-js's calls.
 */
import { describe, expect, it } from 'vitest'
import { getPublicRpc, getPublicRpcValue } from '../../src/lib/public-rpc'
import { addShivaDetails, createBook, familyAccessGrant } from '../../supabase/local/testing/index.ts'

interface CalendarRow {
  death_date: string | null
  shiva_address: string | null
}

const visitor = `visitor${process.pid}x${Date.now()}`

describe('reads of a signed-out visitor without supabase-js', () => {
  it("give a public book's candle count", async () => {
    const book = await createBook({ isPublic: true })
    await expect(getPublicRpcValue('candle_count', { book_ref: book.bookId, visitor })).resolves.toEqual({
      count: 0,
      lit_today: false,
    })
  })

  it("refuse a private book's candles without its family access grant, and give them with it", async () => {
    const book = await createBook({ isPublic: false })
    await expect(getPublicRpcValue('candle_count', { book_ref: book.bookId, visitor })).rejects.toMatchObject({
      code: '42501',
    })
    const grant = await familyAccessGrant(book)
    await expect(
      getPublicRpcValue('candle_count', { book_ref: book.bookId, visitor, access_grant: grant }),
    ).resolves.toMatchObject({ count: 0 })
  })

  it("give the calendar, with a private book's shiva details only with the grant", async () => {
    const book = await createBook({ isPublic: false, deathDate: '2026-03-03' })
    await addShivaDetails(book, { address: 'רחוב הגפן 3, חדרה' })
    const [stranger] = await getPublicRpc<CalendarRow>('get_book_calendar', { book_ref: book.bookId })
    expect(stranger).toMatchObject({ death_date: '2026-03-03', shiva_address: null })
    const grant = await familyAccessGrant(book)
    const [family] = await getPublicRpc<CalendarRow>('get_book_calendar', {
      book_ref: book.bookId,
      access_grant: grant,
    })
    expect(family).toMatchObject({ shiva_address: 'רחוב הגפן 3, חדרה' })
  })
})
