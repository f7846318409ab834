/**
 * The mourning calendar's data: died_after_sunset is the owner's to change like the other book
 * details; the shiva details (book_shiva) only the book's managers write and family admins read;
 * get_book_calendar gives anyone with the book's link the shiva details on the shiva days of a paid
 * book, private or public, and nothing else of a private book.
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  addShivaDetails,
  anonClient,
  bookRow,
  confirmAdmin,
  createBook,
  familyAccessGrant,
  israelDate,
  signedInUser,
  sql,
  type Client,
  type TestBook,
} from '../local/testing/index.ts'

const shivaRow = {
  address: 'רחוב הרצל 12, חיפה',
  starts_on: israelDate(0),
  ends_on: israelDate(6),
  visiting_hours: '17:00–21:00',
  note: 'אין ביקורים בשבת',
  map_url: 'https://maps.google.com/?q=Herzl+12+Haifa',
}

async function calendarOf(client: Client, book: TestBook, accessGrant?: string) {
  const args = accessGrant ? { book_ref: book.shortCode, access_grant: accessGrant } : { book_ref: book.shortCode }
  const { data, error } = await client.rpc('get_book_calendar', args)
  if (error) throw error
  return data[0]
}

async function shivaCount(book: TestBook): Promise<number> {
  const [row] = await sql<{ count: number }>(
    `select count(*)::int as "count" from "public"."book_shiva" where "book_id" = $1`,
    [book.id],
  )
  return row!.count
}

describe('died_after_sunset', () => {
  it('is false by default and the owner sets it; the calendar shows it to anyone', async () => {
    const owner = await signedInUser()
    const book = await createBook({ ownerEmail: owner.email, deathDate: '2026-03-03' })
    expect((await calendarOf(anonClient(), book))?.died_after_sunset).toBe(false)

    const { data, error } = await owner.client
      .from('memory_books')
      .update({ died_after_sunset: true })
      .eq('id', book.id)
      .select('died_after_sunset')
    expect(error).toBeNull()
    expect(data).toEqual([{ died_after_sunset: true }])
    expect(await calendarOf(anonClient(), book)).toMatchObject({ death_date: '2026-03-03', died_after_sunset: true })
  })

  it('cannot be changed by another user, a family admin or an anonymous caller', async () => {
    const owner = await signedInUser()
    const stranger = await signedInUser()
    const admin = await signedInUser()
    const book = await createBook({ ownerEmail: owner.email, isPublic: true })
    await confirmAdmin(book.id, admin.id)

    for (const client of [stranger.client, admin.client]) {
      const { data } = await client
        .from('memory_books')
        .update({ died_after_sunset: true })
        .eq('id', book.id)
        .select('id')
      expect(data ?? []).toEqual([])
    }
    const anonymous = await anonClient().from('memory_books').update({ died_after_sunset: true }).eq('id', book.id)
    expect(anonymous.error?.code).toBe('42501')
    expect((await bookRow(book.id))?.died_after_sunset).toBe(false)
  })
})

describe('shiva details', () => {
  it('the owner adds, changes and removes them', async () => {
    const owner = await signedInUser()
    const book = await createBook({ ownerEmail: owner.email })
    const inserted = await owner.client
      .from('book_shiva')
      .insert({ book_id: book.id, ...shivaRow, address: '  רחוב הרצל 12, חיפה  ', note: '  ' })
      .select('address, note')
    expect(inserted.error).toBeNull()
    expect(inserted.data).toEqual([{ address: 'רחוב הרצל 12, חיפה', note: null }])

    const updated = await owner.client
      .from('book_shiva')
      .update({ visiting_hours: '10:00–12:00' })
      .eq('book_id', book.id)
      .select('visiting_hours')
    expect(updated.data).toEqual([{ visiting_hours: '10:00–12:00' }])

    expect((await owner.client.from('book_shiva').delete().eq('book_id', book.id)).error).toBeNull()
    expect(await shivaCount(book)).toBe(0)
  })

  it('refuses a map link that is not https and a shiva longer than ten days', async () => {
    const owner = await signedInUser()
    const book = await createBook({ ownerEmail: owner.email })
    const badLink = await owner.client
      .from('book_shiva')
      .insert({ book_id: book.id, ...shivaRow, map_url: 'javascript:alert(1)' })
    expect(badLink.error?.code).toBe('23514')
    const tooLong = await owner.client
      .from('book_shiva')
      .insert({ book_id: book.id, ...shivaRow, ends_on: israelDate(10) })
    expect(tooLong.error?.code).toBe('23514')
    expect(await shivaCount(book)).toBe(0)
  })

  it('others cannot write them; a family admin reads them but cannot write', async () => {
    const owner = await signedInUser()
    const stranger = await signedInUser()
    const admin = await signedInUser()
    const book = await createBook({ ownerEmail: owner.email, isPublic: true })
    await confirmAdmin(book.id, admin.id)

    for (const client of [stranger.client, admin.client]) {
      const { error } = await client.from('book_shiva').insert({ book_id: book.id, ...shivaRow })
      expect(error?.code).toBe('42501')
    }
    expect(
      (
        await anonClient()
          .from('book_shiva')
          .insert({ book_id: book.id, ...shivaRow })
      ).error?.code,
    ).toBe('42501')
    expect(await shivaCount(book)).toBe(0)

    await addShivaDetails(book, { address: 'רחוב הגפן 3, נתניה' })
    for (const client of [stranger.client, admin.client]) {
      const { data } = await client.from('book_shiva').update({ address: 'כתובת אחרת' }).eq('book_id', book.id).select()
      expect(data ?? []).toEqual([])
      await client.from('book_shiva').delete().eq('book_id', book.id)
    }
    expect(await shivaCount(book)).toBe(1)

    expect((await stranger.client.from('book_shiva').select('address').eq('book_id', book.id)).data).toEqual([])
    expect((await anonClient().from('book_shiva').select('address')).error?.code).toBe('42501')
    expect((await admin.client.from('book_shiva').select('address').eq('book_id', book.id)).data).toEqual([
      { address: 'רחוב הגפן 3, נתניה' },
    ])
  })
})

describe('get_book_calendar: the shiva details on the share page', () => {
  it('shows them to anyone during the shiva days of a public paid book', async () => {
    const book = await createBook({ isPublic: true })
    await addShivaDetails(book, { startsOn: israelDate(-3), endsOn: israelDate(3) })
    expect(await calendarOf(anonClient(), book)).toMatchObject({
      shiva_address: 'רחוב הרצל 12, חיפה',
      shiva_starts_on: israelDate(-3),
      shiva_ends_on: israelDate(3),
      shiva_visiting_hours: '10:00–13:00, 17:00–21:00',
      shiva_note: 'אין ביקורים בשבת',
      shiva_map_url: 'https://maps.google.com/?q=Herzl+12+Haifa',
    })
  })

  it.each([
    ['shown on its first day', 0, 6, true],
    ['shown on its last day', -6, 0, true],
    ['hidden after it ended', -10, -1, false],
    ['hidden before it starts', 1, 7, false],
  ])('%s', async (_case, from, to, visible) => {
    const book = await createBook({ isPublic: true })
    await addShivaDetails(book, { startsOn: israelDate(from), endsOn: israelDate(to) })
    const calendar = await calendarOf(anonClient(), book)
    expect(calendar?.shiva_address ?? null).toBe(visible ? 'רחוב הרצל 12, חיפה' : null)
  })

  it('hides every shiva field outside the shiva days, but not from the owner', async () => {
    const owner = await signedInUser()
    const book = await createBook({ ownerEmail: owner.email, isPublic: true })
    await addShivaDetails(book, { startsOn: israelDate(-12), endsOn: israelDate(-6) })
    const calendar = await calendarOf(anonClient(), book)
    expect(Object.entries(calendar!).filter(([key, value]) => key.startsWith('shiva_') && value !== null)).toEqual([])
    expect((await calendarOf(owner.client, book))?.shiva_address).toBe('רחוב הרצל 12, חיפה')
  })

  it('on a private book, to anyone with its link during the shiva days, and nothing more of the book', async () => {
    const book = await createBook({ isPublic: false })
    await addMemory(book)
    await addShivaDetails(book)
    const stranger = await signedInUser()

    for (const client of [anonClient(), stranger.client]) {
      expect(await calendarOf(client, book)).toMatchObject({
        shiva_address: 'רחוב הרצל 12, חיפה',
        shiva_visiting_hours: '10:00–13:00, 17:00–21:00',
      })
      expect((await calendarOf(client, book, 'not-a-grant'))?.shiva_address).toBe('רחוב הרצל 12, חיפה')
      const memories = await client.from('memory_entries').select('id').eq('book_id', book.id)
      expect(memories.data ?? []).toEqual([])
      const shivaRows = await client.from('book_shiva').select('address').eq('book_id', book.id)
      expect(shivaRows.data ?? []).toEqual([])
    }
  })

  it('on a private book outside the shiva days, not even with its family access grant', async () => {
    const book = await createBook({ isPublic: false })
    await addShivaDetails(book, { startsOn: israelDate(-12), endsOn: israelDate(-6) })
    expect((await calendarOf(anonClient(), book))?.shiva_address).toBeNull()
    expect((await calendarOf(anonClient(), book, await familyAccessGrant(book)))?.shiva_address).toBeNull()
  })

  it('not on an unpaid book, and nothing for a book that does not exist', async () => {
    const book = await createBook({ isPublic: true, payment: 'pending' })
    await addShivaDetails(book)
    expect((await calendarOf(anonClient(), book))?.shiva_address).toBeNull()
    const { data } = await anonClient().rpc('get_book_calendar', { book_ref: 'NOSUCHBK' })
    expect(data).toEqual([])
  })
})
