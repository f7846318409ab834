/**
 * book_export(): the whole book for the family to take with them, answered to its owner, its
 * confirmed family admins and platform admins only. Anyone else (another user, an admin still
 * invited, a visitor of a public book, an anonymous caller) learns nothing, and no answer carries a
 * secret (the family code, the link key, e-mails, payments).
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
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
  memories: { full_name: string; is_hidden: boolean; image_urls: string[] }[]
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
    expect(exported.book).toMatchObject({ id: book.id, book_id: book.bookId, full_name: book.fullName })
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
