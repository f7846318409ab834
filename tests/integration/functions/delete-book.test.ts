/**
 * delete-book: an owner or a platform admin deletes a book, and nothing of it is left: no row
 * mentions it, no file of it can be downloaded and no byte of it stays on the storage's disk
 * (the files go through the Storage API). Who deleted it is in the security log, the owner gets
 * a confirmation, and a pending gift is refunded first or, past its 14 days, the deletion is
 * refused as the gift rules say.
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  bookRow,
  confirmAdmin,
  createBook,
  inviteAdmin,
  isFramed,
  mp4Header,
  publicUrl,
  requestFamilyAccess,
  rowsMentioning,
  serviceClient,
  serviceDownload,
  signedInUser,
  sql,
  storedFilesUnder,
  TINY_JPEG,
  uploadToBucket,
  waitForMail,
} from '../../../supabase/local/testing/index.ts'
import { derivedObjectNames } from '../../../shared/derived-files.ts'
import { createGift, invoke, paidGiftSession, paymentSession, refundsOf } from './support.ts'

interface Deleted {
  deleted: boolean
  files_removed: number
  refunded_agorot: number
}

async function deletionLog(bookId: string): Promise<{ admin_email: string; recent: boolean }[]> {
  return sql(
    `select "admin_email", "timestamp" > now() - interval '1 minute' as "recent"
       from "public"."admin_logs" where "action" = 'BOOK_DELETED' and "book_id" = $1`,
    [bookId],
  )
}

/** A full-plan book with pictures, photos, a video, an invitation and a family-code attempt. */
async function furnishedBook(ownerEmail: string) {
  const book = await createBook({ ownerEmail, plan: 'full', withPhoto: true })
  const background = await uploadToBucket(`books/${crypto.randomUUID()}/background.jpg`, TINY_JPEG, 'image/jpeg')
  await sql(`update "public"."memory_books" set "background_image_url" = $1 where "id" = $2`, [background, book.id])
  await addMemory(book, { photos: 2 })
  await addMemory(book, { photos: 1 }, 1)
  const video = await uploadToBucket(`videos/${book.id}/clip.mp4`, mp4Header(), 'video/mp4')
  await sql(
    `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "video_url")
     values ($1, 'כותבת סרטון', 'נכדה', 'סרטון', $2)`,
    [book.id, video],
  )
  await inviteAdmin(book.id, 'invited-to-deleted@test.zochrim.local')
  expect((await requestFamilyAccess(book.shortCode, 'WRNG')).body.ok).toBe(false)
  const row = await bookRow(book.id)
  const pictures = [row!.profile_image_url!, row!.background_image_url!]
  const files = [...storedFilesUnder(`memories/${book.id}`), ...storedFilesUnder(`videos/${book.id}`)]
  expect(files).toHaveLength(4)
  return { book, pictures, files }
}

function objectNameOf(url: string): string {
  return url.split('/storage/v1/object/public/memory-images/')[1]!
}

describe('delete-book', () => {
  it("removes every row and every file of an owner's book, logs who deleted it and mails the owner", async () => {
    const owner = await signedInUser({ label: 'deleting-owner' })
    const { book, pictures, files } = await furnishedBook(owner.email)
    const links = [...pictures, ...files.map(publicUrl)]
    for (const link of links) expect((await serviceDownload(link)).status).toBe(200)

    const result = await invoke<Deleted>(owner.client, 'delete-book', { book_id: book.id })
    expect(result).toMatchObject({ status: 200, data: { deleted: true, refunded_agorot: 0 } })
    expect(result.data!.files_removed).toBeGreaterThanOrEqual(6)

    for (const link of links) expect((await serviceDownload(link)).status).not.toBe(200)
    expect(storedFilesUnder(`memories/${book.id}`)).toEqual([])
    expect(storedFilesUnder(`videos/${book.id}`)).toEqual([])
    for (const picture of pictures) expect(storedFilesUnder(objectNameOf(picture))).toEqual([])
    expect(await rowsMentioning(book.id, ['public.admin_logs'])).toEqual([])
    expect(await rowsMentioning(book.shortCode, ['public.admin_logs'])).toEqual([])
    for (const picture of pictures) expect(await rowsMentioning(objectNameOf(picture))).toEqual([])
    expect(await deletionLog(book.id)).toEqual([{ admin_email: owner.email, recent: true }])
    const mail = await waitForMail(owner.email, { subject: 'נמחק' })
    expect(mail.Subject).toBe(`ספר הזיכרון לזכר ${book.fullName} נמחק`)
    expect(mail.Text).toContain('לבקשתכם')
    expect(isFramed(mail)).toBe(true)
  })

  it("lets a platform admin delete anyone's book, logged under the admin", async () => {
    const owner = await signedInUser({ label: 'admin-deleted-owner' })
    const admin = await signedInUser({ label: 'deleting-admin', platformAdmin: true })
    const book = await createBook({ ownerEmail: owner.email })
    await addMemory(book, { photos: 1 })
    const result = await invoke<Deleted>(admin.client, 'delete-book', { book_id: book.id })
    expect(result.status).toBe(200)
    expect(await bookRow(book.id)).toBeUndefined()
    expect(storedFilesUnder(`memories/${book.id}`)).toEqual([])
    expect(await deletionLog(book.id)).toEqual([{ admin_email: admin.email, recent: true }])
    expect((await waitForMail(owner.email, { subject: 'נמחק' })).Text).toContain('על ידי צוות זוכרים')
  })

  it('keeps a profile picture another book still shows', async () => {
    const owner = await signedInUser({ label: 'shared-picture-owner' })
    const book = await createBook({ ownerEmail: owner.email, withPhoto: true })
    const picture = (await bookRow(book.id))!.profile_image_url!
    const other = await createBook({ ownerEmail: owner.email })
    await sql(`update "public"."memory_books" set "profile_image_url" = $1 where "id" = $2`, [picture, other.id])
    expect((await invoke(owner.client, 'delete-book', { book_id: book.id })).status).toBe(200)
    expect((await serviceDownload(picture)).status).toBe(200)
    expect(storedFilesUnder(objectNameOf(picture))).toEqual([objectNameOf(picture)])
  })

  it.each([
    ['a family admin', 404],
    ['another user', 404],
    ['a logged-out visitor', 401],
  ] as const)('refuses %s with %i and deletes nothing', async (who, status) => {
    const owner = await signedInUser({ label: 'kept-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    await addMemory(book, { photos: 1 })
    const familyAdmin = await signedInUser({ label: 'kept-family-admin' })
    await confirmAdmin(book.id, familyAdmin.id)
    const client =
      who === 'a family admin'
        ? familyAdmin.client
        : who === 'another user'
          ? (await signedInUser({ label: 'kept-stranger' })).client
          : anonClient()
    const result = await invoke(client, 'delete-book', { book_id: book.id })
    expect(result.status).toBe(status)
    expect(await bookRow(book.id)).toBeDefined()
    expect(storedFilesUnder(`memories/${book.id}`)).toHaveLength(1)
    expect(await deletionLog(book.id)).toEqual([])
  })

  it('answers a bad body with a Hebrew message', async () => {
    const owner = await signedInUser({ label: 'bad-body-owner' })
    expect(await invoke(owner.client, 'delete-book', { book_id: 'RACHEL23' })).toMatchObject({
      status: 400,
      error: { error: 'ספר הזיכרון לא נמצא' },
    })
  })

  it('refunds a pending paid gift once before deleting its book', async () => {
    const buyer = await signedInUser({ label: 'deleted-gift-buyer' })
    const admin = await signedInUser({ label: 'gift-deleting-admin', platformAdmin: true })
    const sessionId = await paidGiftSession(buyer)
    const gift = await createGift(buyer, sessionId)
    const result = await invoke<Deleted>(admin.client, 'delete-book', { book_id: gift.id })
    expect(result.status).toBe(200)
    expect(result.data!.refunded_agorot).toBeGreaterThan(0)
    expect(await refundsOf(sessionId)).toHaveLength(1)
    expect(await paymentSession(sessionId)).toMatchObject({ status: 'refunded' })
    expect(await bookRow(gift.id)).toBeUndefined()
  })

  it('refuses to delete a pending gift past its 14 days, as the gift rules say', async () => {
    const buyer = await signedInUser({ label: 'old-gift-buyer' })
    const admin = await signedInUser({ label: 'old-gift-admin', platformAdmin: true })
    const sessionId = await paidGiftSession(buyer)
    const gift = await createGift(buyer, sessionId)
    await sql(`update "public"."memory_books" set "gift_purchased_at" = now() - interval '15 days' where "id" = $1`, [
      gift.id,
    ])
    expect(await invoke(admin.client, 'delete-book', { book_id: gift.id })).toMatchObject({
      status: 422,
      error: { error: 'ביטול עם החזר כספי אפשרי רק בתוך 14 יום מהרכישה' },
    })
    expect(await bookRow(gift.id)).toMatchObject({ gift_status: 'pending' })
    expect(await refundsOf(sessionId)).toHaveLength(0)
  })

  it('claims the files its deletion queued: a removal run at the same moment neither takes them nor answers for them', async () => {
    const owner = await signedInUser({ label: 'claiming-owner' })
    const book = await createBook({ ownerEmail: owner.email, withPhoto: true })
    await addMemory(book, { photos: 2 })
    // Each file with the copies it may have (a removal takes them along whether they were made or not).
    const files = [
      ...storedFilesUnder(`memories/${book.id}`),
      objectNameOf((await bookRow(book.id))!.profile_image_url!),
    ].flatMap((name) => [name, ...derivedObjectNames(name)])
    const [deletion] = await sql<{ answer: { files: string[] } }>(`select public.delete_book_as($1, $2) as "answer"`, [
      owner.id,
      book.id,
    ])
    expect(deletion!.answer.files).toEqual([...files].sort())

    const [run] = await sql<{ names: string[] }>(`select public.queued_storage_removals(1000) as "names"`)
    expect(run!.names.filter((name) => files.includes(name))).toEqual([])
    const [again] = await sql<{ names: string[] }>(`select public.queued_storage_removals(1000) as "names"`)
    expect(again!.names.filter((name) => run!.names.includes(name))).toEqual([])

    await sql(
      `update "private"."storage_removals" set "claimed_until" = now() - interval '1 second' where "object_name" = any ($1)`,
      [files],
    )
    const [afterLease] = await sql<{ names: string[] }>(`select public.queued_storage_removals(1000) as "names"`)
    expect(afterLease!.names.filter((name) => files.includes(name)).sort()).toEqual([...files].sort())
    expect((await serviceClient().storage.from('memory-images').remove(afterLease!.names)).error).toBeNull()
    await sql(`select public.forget_storage_removals($1)`, [afterLease!.names])
    expect(storedFilesUnder(`memories/${book.id}`)).toEqual([])
  })
})
