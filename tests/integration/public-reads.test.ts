/**
 * What the pages a relative opens read without supabase-js for a signed-out visitor
 * (src/lib/public-rpc.ts): a GET with the key in the address, answered by the same database
 * functions and refused by the same rules as supabase-js's calls.
 */
import { describe, expect, it } from 'vitest'
import { requestPublicMemories } from '../../src/domains/memories/api/public-memories'
import { getPublicRpc, getPublicRpcValue } from '../../src/lib/public-rpc'
import { addShivaDetails, createBook, familyAccessGrant, israelDate, sql } from '../../supabase/local/testing/index.ts'

interface CalendarRow {
  death_date: string | null
  shiva_address: string | null
}

const visitor = `visitor${process.pid}x${Date.now()}`

describe('reads of a signed-out visitor without supabase-js', () => {
  it("give a public book's candle count", async () => {
    const book = await createBook({ isPublic: true })
    await expect(getPublicRpcValue('candle_count', { book_ref: book.shortCode, visitor })).resolves.toEqual({
      count: 0,
      lit_today: false,
    })
  })

  it("refuse a private book's candles without its family access grant, and give them with it", async () => {
    const book = await createBook({ isPublic: false })
    await expect(getPublicRpcValue('candle_count', { book_ref: book.shortCode, visitor })).rejects.toMatchObject({
      code: '42501',
    })
    const grant = await familyAccessGrant(book)
    await expect(
      getPublicRpcValue('candle_count', { book_ref: book.shortCode, visitor, access_grant: grant }),
    ).resolves.toMatchObject({ count: 0 })
  })

  it("give the calendar, with a private book's shiva details to anyone on the shiva days only", async () => {
    const sitting = await createBook({ isPublic: false, deathDate: '2026-03-03' })
    await addShivaDetails(sitting, { address: 'רחוב הגפן 3, חדרה' })
    const [during] = await getPublicRpc<CalendarRow>('get_book_calendar', { book_ref: sitting.shortCode })
    expect(during).toMatchObject({ death_date: '2026-03-03', shiva_address: 'רחוב הגפן 3, חדרה' })

    const ended = await createBook({ isPublic: false })
    await addShivaDetails(ended, { startsOn: israelDate(-9), endsOn: israelDate(-3) })
    const [after] = await getPublicRpc<CalendarRow>('get_book_calendar', { book_ref: ended.shortCode })
    expect(after).toMatchObject({ shiva_address: null })
  })

  it("give every memory of a book longer than one answer's 1,000 rows, oldest first", async () => {
    const book = await createBook({ isPublic: true })
    await sql(
      `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "created_at")
       select $1, 'כותב ' || i, 'חבר/ה', 'זיכרון ' || i, timestamptz '2026-01-01' + make_interval(mins => i)
         from generate_series(1, 1001) i`,
      [book.id],
    )
    const memories = await requestPublicMemories(book.id, null)
    expect(memories).toHaveLength(1001)
    expect(memories[0]).toMatchObject({ full_name: 'כותב 1' })
    expect(memories.at(-1)).toMatchObject({ full_name: 'כותב 1001' })
    expect(new Set(memories.map((memory) => memory.id)).size).toBe(1001)
  })
})
