/**
 * Deleted means deleted, copies included: after delete-memory, delete-book, delete-account and a
 * replaced portrait, neither the original nor any file made from it (shared/derived-files.ts)
 * answers by public URL, by a signed URL made before, or to the service role's download, and no
 * storage row is left. The database names the copies as the app does, and the scheduled removal
 * run removes files no row refers to once the grace period for uploads in progress is over.
 */
import { describe, expect, it } from 'vitest'
import { UNREFERENCED_UPLOAD_GRACE_HOURS } from '../../../contracts/limits.ts'
import { DERIVED_PICTURE_WIDTHS, derivedObjectNames } from '../../../shared/derived-files.ts'
import {
  confirmAdmin,
  createBook,
  publicUrl,
  sendMemoryNews,
  serviceClient,
  signedInUser,
  sql,
  storedFilesUnder,
  TINY_JPEG,
  TINY_PNG,
  testEnv,
  uploadPictureWithCopies,
} from '../../../supabase/local/testing/index.ts'
import { invoke } from './support.ts'

const BUCKET = 'memory-images'

/** Signed URLs (an hour) for the objects, made while they exist, as a reader may hold them. */
async function signedUrlsOf(names: string[]): Promise<string[]> {
  const { data, error } = await serviceClient().storage.from(BUCKET).createSignedUrls(names, 3600)
  if (error) throw error
  return data.map((entry) => entry.signedUrl!)
}

async function storageRows(names: string[]): Promise<string[]> {
  const rows = await sql<{ name: string }>(
    `select "name" from "storage"."objects" where "bucket_id" = $1 and "name" = any ($2::text[]) order by "name"`,
    [BUCKET, names],
  )
  return rows.map((row) => row.name)
}

async function queued(names: string[]): Promise<string[]> {
  const rows = await sql<{ object_name: string }>(
    `select "object_name" from "private"."storage_removals" where "object_name" = any ($1::text[])`,
    [names],
  )
  return rows.map((row) => row.object_name)
}

/** Each file downloads and has its row, and the signed URLs answer: what a test checks before deleting. */
async function expectServed(names: string[], signed: string[]): Promise<void> {
  for (const name of names) {
    expect((await serviceClient().storage.from(BUCKET).download(name)).error, name).toBeNull()
  }
  for (const url of signed) expect((await fetch(url)).status, url).toBe(200)
  expect(await storageRows(names)).toEqual([...names].sort())
}

/** No way to reach any of the files answers, no row and no byte is left, nothing waits in the queue. */
async function expectGone(names: string[], signed: string[]): Promise<void> {
  for (const name of names) {
    expect((await fetch(publicUrl(name))).status, name).not.toBe(200)
    const download = await serviceClient().storage.from(BUCKET).download(name)
    expect(download.error, name).not.toBeNull()
    expect(storedFilesUnder(name), name).toEqual([])
  }
  for (const url of signed) expect((await fetch(url)).status, url).not.toBe(200)
  expect(await storageRows(names)).toEqual([])
  expect(await queued(names)).toEqual([])
}

async function setBookPicture(book: string, column: 'profile_image_url' | 'background_image_url', name: string) {
  await sql(`update "public"."memory_books" set "${column}" = $1 where "id" = $2`, [publicUrl(name), book])
}

/** A memory with two photos, each with its copies; answers the memory's id and every object name. */
async function memoryWithPictures(book: string): Promise<{ memory: string; names: string[] }> {
  const names: string[] = []
  for (const photo of ['a', 'b']) {
    const name = `memories/${book}/${photo}-${crypto.randomUUID()}.png`
    names.push(...(await uploadPictureWithCopies(name, TINY_PNG, 'image/png')))
  }
  const originals = names.filter((name) => name.endsWith('.png'))
  const [row] = await sql<{ id: string }>(
    `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "image_urls", "image_captions")
     values ($1, 'כותבת', 'בת', 'זיכרון עם תמונות', $2::text[], $3::text[]) returning "id"`,
    [book, originals.map(publicUrl), originals.map(() => '')],
  )
  return { memory: row!.id, names }
}

describe('one rule for derived files', () => {
  it('names the copies in the database exactly as the app does', async () => {
    const [widths] = await sql<{ widths: number[] }>(`select "private"."derived_picture_widths"() as "widths"`)
    expect(widths!.widths).toEqual([...DERIVED_PICTURE_WIDTHS])
    const names = [
      'memories/b/photo.jpg',
      'memories/b/photo.JPEG',
      'profiles/u/p.png',
      'books/u/bg.webp',
      'memories/b/x.heic',
      'memories/b/x.HEIF',
      'memories/b/photo.w240.webp',
      'memories/b/photo.W800.WEBP',
      'videos/b/clip.mp4',
      'memories/b/notes.txt',
      'memories/b/two.dots.jpg',
      'memories/b/noextension',
    ]
    const rows = await sql<{ name: string; derived: string[] }>(
      `select n.name, "private"."derived_object_names"(n.name) as "derived" from unnest($1::text[]) as n(name)`,
      [names],
    )
    expect(Object.fromEntries(rows.map((row) => [row.name, row.derived]))).toEqual(
      Object.fromEntries(names.map((name) => [name, derivedObjectNames(name)])),
    )
  })
})

describe('deleting removes every copy of a picture at once', () => {
  it('delete-memory: the photos and their copies', async () => {
    const owner = await signedInUser({ label: 'derived-memory-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    const { memory, names } = await memoryWithPictures(book.id)
    expect(names).toHaveLength(6)
    const signed = await signedUrlsOf(names)
    await expectServed(names, signed)

    const result = await invoke<{ files_removed: number }>(owner.client, 'delete-memory', { memory_id: memory })
    expect(result).toMatchObject({ status: 200, data: { deleted: true, files_removed: 6 } })
    await expectGone(names, signed)
  })

  it('delete-memory keeps a photo the book shows as its portrait, with its copies', async () => {
    const owner = await signedInUser({ label: 'derived-portrait-memory' })
    const book = await createBook({ ownerEmail: owner.email })
    const { memory, names } = await memoryWithPictures(book.id)
    await setBookPicture(book.id, 'profile_image_url', names[0]!)
    const portrait = names.slice(0, 3)
    const result = await invoke<{ files_removed: number }>(owner.client, 'delete-memory', { memory_id: memory })
    expect(result).toMatchObject({ status: 200, data: { files_removed: 3 } })
    await expectServed(portrait, [])
    await expectGone(names.slice(3), [])
  })

  it("delete-book: the portrait's, the background's and every photo's copies", async () => {
    const owner = await signedInUser({ label: 'derived-book-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    const portrait = await uploadPictureWithCopies(`profiles/${owner.id}/portrait.jpg`, TINY_JPEG, 'image/jpeg')
    const background = await uploadPictureWithCopies(`books/${owner.id}/background.jpg`, TINY_JPEG, 'image/jpeg')
    await setBookPicture(book.id, 'profile_image_url', portrait[0]!)
    await setBookPicture(book.id, 'background_image_url', background[0]!)
    const { names: photos } = await memoryWithPictures(book.id)
    const names = [...portrait, ...background, ...photos]
    const signed = await signedUrlsOf(names)
    await expectServed(names, signed)

    const result = await invoke<{ files_removed: number }>(owner.client, 'delete-book', { book_id: book.id })
    expect(result).toMatchObject({ status: 200, data: { deleted: true, files_removed: 12 } })
    await expectGone(names, signed)
  })

  it("delete-account: the account's pictures and copies, but not those of a book handed over", async () => {
    const user = await signedInUser({ label: 'derived-account' })
    const heir = await signedInUser({ label: 'derived-heir' })
    const deleted = await createBook({ ownerEmail: user.email })
    const handed = await createBook({ ownerEmail: user.email })
    const adminRow = await confirmAdmin(handed.id, heir.id)
    const gone = await uploadPictureWithCopies(`profiles/${user.id}/gone.jpg`, TINY_JPEG, 'image/jpeg')
    const kept = await uploadPictureWithCopies(`profiles/${user.id}/kept.jpg`, TINY_JPEG, 'image/jpeg')
    const unused = await uploadPictureWithCopies(`books/${user.id}/never-saved.jpg`, TINY_JPEG, 'image/jpeg')
    await setBookPicture(deleted.id, 'profile_image_url', gone[0]!)
    await setBookPicture(handed.id, 'profile_image_url', kept[0]!)
    const { names: photos } = await memoryWithPictures(deleted.id)
    const names = [...gone, ...unused, ...photos]
    const signed = await signedUrlsOf(names)
    await expectServed([...names, ...kept], signed)

    const result = await invoke(user.client, 'delete-account', {
      email: user.email,
      hand_over: { [handed.id]: adminRow },
    })
    expect(result).toMatchObject({ status: 200, data: { books_deleted: 1, books_handed_over: 1 } })
    await expectGone(names, signed)
    await expectServed(kept, [])
  })

  it('a replaced portrait: the owner removes the old one and its copies at once, never the one shown', async () => {
    const owner = await signedInUser({ label: 'derived-replacing' })
    const book = await createBook({ ownerEmail: owner.email })
    const old = await uploadPictureWithCopies(`profiles/${owner.id}/old.jpg`, TINY_JPEG, 'image/jpeg')
    await setBookPicture(book.id, 'profile_image_url', old[0]!)
    const signed = await signedUrlsOf(old)
    const fresh = await uploadPictureWithCopies(`profiles/${owner.id}/new.jpg`, TINY_JPEG, 'image/jpeg')
    const storage = owner.client.storage.from(BUCKET)

    // While the book shows it, not even its owner removes it through storage.
    expect((await storage.remove(old)).data).toEqual([])
    await expectServed(old, signed)

    const saved = await owner.client
      .from('memory_books')
      .update({ profile_image_url: publicUrl(fresh[0]!) })
      .eq('id', book.id)
      .select('id')
    expect(saved.data).toHaveLength(1)
    expect(await queued(old)).toEqual(expect.arrayContaining(old))
    expect((await storage.remove(old)).data).toHaveLength(3)
    expect((await storage.remove(fresh)).data).toEqual([])
    await sendMemoryNews()
    await expectGone(old, signed)
    await expectServed(fresh, [])
  })

  it('a removed background the app could not remove is removed by the scheduled run', async () => {
    const owner = await signedInUser({ label: 'derived-removing' })
    const book = await createBook({ ownerEmail: owner.email })
    const background = await uploadPictureWithCopies(`books/${owner.id}/bg.png`, TINY_JPEG, 'image/jpeg')
    await setBookPicture(book.id, 'background_image_url', background[0]!)
    const signed = await signedUrlsOf(background)
    await owner.client.from('memory_books').update({ background_image_url: null }).eq('id', book.id)
    expect((await sendMemoryNews()).status).toBe(200)
    await expectGone(background, signed)
  })
})

describe('the scheduled removal run', () => {
  it('keeps an upload nobody refers to for the hours the app counts on', async () => {
    const [grace] = await sql<{ hours: number }>(
      `select extract(epoch from "private"."orphan_grace"())::int / 3600 as "hours"`,
    )
    expect(grace!.hours).toBe(UNREFERENCED_UPLOAD_GRACE_HOURS)
  })

  // On the hosted platform storage's own trigger stamps updated_at on every update, and the test's
  // role may neither skip nor disable it there, so a file cannot be made older than it is.
  it.skipIf(testEnv.hostedPlatform)(
    'removes a file no row refers to once the grace period is over, and leaves a fresh upload and a used one',
    async () => {
      const owner = await signedInUser({ label: 'orphan-owner' })
      const book = await createBook({ ownerEmail: owner.email })
      const orphan = await uploadPictureWithCopies(`memories/${book.id}/abandoned.jpg`, TINY_JPEG, 'image/jpeg')
      const fresh = await uploadPictureWithCopies(`memories/${book.id}/in-progress.jpg`, TINY_JPEG, 'image/jpeg')
      const { names: used } = await memoryWithPictures(book.id)
      const aged = [...orphan, ...used]
      await sql(
        `update "storage"."objects" set "created_at" = now() - interval '13 hours', "updated_at" = now() - interval '13 hours'
        where "bucket_id" = $1 and "name" = any ($2::text[])`,
        [BUCKET, aged],
      )
      const signed = await signedUrlsOf(orphan)

      const run = await sendMemoryNews()
      expect(run.status).toBe(200)
      await expectGone(orphan, signed)
      await expectServed([...fresh, ...used], [])
    },
  )
})
