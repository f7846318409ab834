/**
 * book_export(): the whole book for the family to take with them, answered to its owner, its
 * confirmed family admins and platform admins only. Anyone else (another user, an admin still
 * invited, a visitor of a public book, an anonymous caller) learns nothing, and no answer carries a
 * secret (the family code, the link key, e-mails, payments).
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  addShivaDetails,
  anonClient,
  confirmAdmin,
  createBook,
  inviteAdmin,
  signedInUser,
  sql,
  type Client,
} from '../local/testing/index.ts'

interface Exported {
  book: Record<string, unknown>
  memories: {
    full_name: string
    is_hidden: boolean
    image_urls: string[]
    sections: { prompt: number; text: string }[]
  }[]
  shiva: Record<string, unknown> | null
  candles: { count: number; names: { name: string }[] }
}

async function exportAs(client: Client, book: string) {
  return client.rpc('book_export', { book })
}

async function furnishedBook() {
  const owner = await signedInUser({ label: 'export-owner' })
  const book = await createBook({ ownerEmail: owner.email, withPhoto: true, isPublic: true })
  await addMemory(book, { fullName: 'רות', photos: 2, daysAgo: 2 })
  await addMemory(book, { fullName: 'יוסי', hidden: true, daysAgo: 1 })
  return { owner, book }
}

describe('book_export', () => {
  it('gives the owner the details and every memory, hidden ones marked, and no secret', async () => {
    const { owner, book } = await furnishedBook()
    const { data, error } = await exportAs(owner.client, book.id)
    expect(error).toBeNull()
    const exported = data as unknown as Exported
    expect(exported.book).toMatchObject({ id: book.id, short_code: book.shortCode, full_name: book.fullName })
    expect(exported.memories.map((memory) => [memory.full_name, memory.is_hidden])).toEqual([
      ['רות', false],
      ['יוסי', true],
    ])
    expect(exported.memories[0]!.image_urls).toHaveLength(2)
    const text = JSON.stringify(exported)
    for (const secret of [book.familyCode, owner.email]) expect(text).not.toContain(secret)
    const [row] = await sql<{ family_link_key: string }>(
      `select "family_link_key" from "public"."memory_books" where "id" = $1`,
      [book.id],
    )
    expect(text).not.toContain(row!.family_link_key)
    for (const key of ['family_access_code', 'family_link_key', 'owner_email', 'gift_code', 'payment_status']) {
      expect(exported.book).not.toHaveProperty(key)
    }
  })

  it('keeps the question each text answers, the shiva and the candles, without who lit them', async () => {
    const { owner, book } = await furnishedBook()
    await addMemory(book, { fullName: 'דנה', texts: [null, 'רגע על הים', 'תודה'], daysAgo: 0 })
    await addShivaDetails(book, { address: 'רחוב הגפן 7, חיפה', startsOn: '2026-10-01', endsOn: '2026-10-07' })
    await sql(
      `insert into "public"."candles" ("book_id", "visitor_hash", "lit_by", "created_at")
       select $1::uuid, md5(n::text) || md5(n::text), (array['אסתר', 'שמואל'])[n], now() + n * interval '1 second'
         from generate_series(1, 3) as n`,
      [book.id],
    )
    const { data, error } = await exportAs(owner.client, book.id)
    expect(error).toBeNull()
    const exported = data as unknown as Exported
    expect(exported.memories.at(-1)!.sections).toEqual([
      { prompt: 2, text: 'רגע על הים' },
      { prompt: 3, text: 'תודה' },
    ])
    expect(exported.shiva).toMatchObject({
      address: 'רחוב הגפן 7, חיפה',
      starts_on: '2026-10-01',
      ends_on: '2026-10-07',
    })
    expect(exported.candles.count).toBe(3)
    expect(exported.candles.names.map((candle) => candle.name)).toEqual(['אסתר', 'שמואל'])
    expect(JSON.stringify(exported)).not.toContain('visitor_hash')
  })

  it('gives the same to a confirmed family admin and to a platform admin', async () => {
    const { book } = await furnishedBook()
    const familyAdmin = await signedInUser({ label: 'export-family-admin' })
    await confirmAdmin(book.id, familyAdmin.id)
    const platformAdmin = await signedInUser({ label: 'export-platform-admin', platformAdmin: true })
    for (const client of [familyAdmin.client, platformAdmin.client]) {
      const { data, error } = await exportAs(client, book.id)
      expect(error).toBeNull()
      expect((data as unknown as Exported).memories).toHaveLength(2)
    }
  })

  it('refuses another user and an admin still invited with "not found", even for a public book', async () => {
    const { book } = await furnishedBook()
    const stranger = await signedInUser({ label: 'export-stranger' })
    const invited = await signedInUser({ label: 'export-invited' })
    await inviteAdmin(book.id, invited.email)
    for (const client of [stranger.client, invited.client]) {
      const { data, error } = await exportAs(client, book.id)
      expect(data).toBeNull()
      expect(error).toMatchObject({ message: 'ספר הזיכרון לא נמצא', hint: 'book_not_found' })
    }
  })

  it('refuses an anonymous caller', async () => {
    const { book } = await furnishedBook()
    const { data, error } = await exportAs(anonClient(), book.id)
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })
})
