/**
 * Private media: the memory-images bucket is private and the media function serves its files. A
 * private book's files (originals, their small copies, videos, the portrait and the background) are
 * served only at the signed addresses that the reads deciding access hand out: to the owner, a
 * family admin, a platform admin and the holder of a valid family grant, never to a stranger with
 * any address the app ever gave out (the stored public URL, the open address of a book that has
 * turned private, a signed address that expired or was altered). A hidden memory's files are not
 * served to plain readers, and no reader is given the account that wrote a memory.
 */
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  confirmAdmin,
  createBook,
  familyAccessGrant,
  mp4Header,
  signedInUser,
  sql,
  testEnv,
  TINY_JPEG,
  TINY_PNG,
  uploadToBucket,
  type Client,
  type TestBook,
} from '../../../supabase/local/testing/index.ts'
import { imageVariantUrl } from '../../../src/lib/image-variants.ts'

const STORED_PREFIX = '/storage/v1/object/public/memory-images/'

/** Every address a reader is shown for a picture: the original and its two small copies. */
function withCopies(url: string | null | undefined): string[] {
  if (!url) return []
  return [url, imageVariantUrl(url, 240)!, imageVariantUrl(url, 800)!]
}

/** The picture's copies, uploaded beside it as the browser does. */
async function uploadCopies(storedUrl: string): Promise<void> {
  const name = storedUrl.split(STORED_PREFIX)[1]!
  for (const width of [240, 800] as const) {
    const copy = imageVariantUrl(storedUrl, width)!.split(STORED_PREFIX)[1]!
    expect(copy).not.toBe(name)
    await uploadToBucket(copy, TINY_PNG, 'image/webp')
  }
}

/** A full-plan book with a portrait, a background, a memory with a photo and one with a video. */
async function furnishedBook(ownerEmail: string, isPublic: boolean): Promise<TestBook> {
  const book = await createBook({ ownerEmail, plan: 'full', isPublic, withPhoto: true })
  const background = await uploadToBucket(`books/${crypto.randomUUID()}/background.jpg`, TINY_JPEG, 'image/jpeg')
  await sql(`update "public"."memory_books" set "background_image_url" = $1 where "id" = $2`, [background, book.id])
  const [pictures] = await sql<{ profile_image_url: string }>(
    `select "profile_image_url" from "public"."memory_books" where "id" = $1`,
    [book.id],
  )
  await uploadCopies(pictures!.profile_image_url)
  await uploadCopies(background)
  const memory = await addMemory(book, { photos: 1 })
  const [photo] = await sql<{ url: string }>(
    `select "image_urls"[1] as "url" from "public"."memory_entries" where "id" = $1`,
    [memory],
  )
  await uploadCopies(photo!.url)
  const video = await uploadToBucket(`videos/${book.id}/clip.mp4`, mp4Header(), 'video/mp4')
  await sql(
    `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "video_url")
     values ($1, 'כותבת סרטון', 'נכדה', 'סרטון', $2)`,
    [book.id, video],
  )
  return book
}

interface ReaderAddresses {
  portrait: string[]
  background: string[]
  photos: string[]
  videos: string[]
}

/** What a reader is handed by the card and the memories, each picture with its two copies. */
async function addressesFor(client: Client, book: TestBook, accessGrant?: string): Promise<ReaderAddresses> {
  const grant = accessGrant ? { access_grant: accessGrant } : {}
  const card = await client.rpc('get_book_card', { book_ref: book.shortCode, ...grant })
  expect(card.error).toBeNull()
  const memories = await client.rpc('get_book_memories', { book_ref: book.id, ...grant })
  expect(memories.error).toBeNull()
  const rows = memories.data ?? []
  return {
    portrait: withCopies(card.data![0]!.profile_image_url),
    background: withCopies(card.data![0]!.background_image_url),
    photos: rows.flatMap((row) => row.image_urls.flatMap(withCopies)),
    videos: rows.flatMap((row) => (row.video_url ? [row.video_url] : [])),
  }
}

function everyAddress(addresses: ReaderAddresses): string[] {
  return [...addresses.portrait, ...addresses.background, ...addresses.photos, ...addresses.videos]
}

/** An <img> or <video> asking for the address: no headers at all. */
async function statusOf(url: string): Promise<number> {
  const response = await fetch(url)
  await response.arrayBuffer()
  return response.status
}

async function expectServed(addresses: ReaderAddresses): Promise<void> {
  expect(addresses.portrait).toHaveLength(3)
  expect(addresses.background).toHaveLength(3)
  expect(addresses.photos).toHaveLength(3)
  expect(addresses.videos).toHaveLength(1)
  for (const url of everyAddress(addresses)) {
    expect(url, url).toContain('/functions/v1/media/')
    expect([url, await statusOf(url)]).toEqual([url, 200])
  }
}

async function expectRefused(urls: string[]): Promise<void> {
  expect(urls.length).toBeGreaterThan(0)
  for (const url of urls) expect([url, await statusOf(url)]).toEqual([url, 404])
}

/** The stored (bucket) URLs of the book's files, as the app handed them out before the bucket closed. */
async function storedUrls(book: TestBook): Promise<string[]> {
  const rows = await sql<{ url: string }>(
    `select u."url" from "public"."memory_books" b
       cross join lateral unnest(array[b."profile_image_url", b."background_image_url"]) as u("url")
      where b."id" = $1 and u."url" is not null
     union all
     select u."url" from "public"."memory_entries" e
       cross join lateral unnest(e."image_urls" || array[e."video_url"]) as u("url")
      where e."book_id" = $1 and u."url" is not null`,
    [book.id],
  )
  return rows.flatMap((row) => (row.url.match(/\.(png|jpe?g)$/) ? withCopies(row.url) : [row.url]))
}

/** The address without its signature: what a stranger could guess from a file's name. */
const unsigned = (url: string) => url.split('?')[0]!

describe('private media', () => {
  it("serves a private book's every file to its owner, a family admin, a platform admin and a grant's holder, and nothing to a stranger", async () => {
    const owner = await signedInUser({ label: 'private-media-owner' })
    const book = await furnishedBook(owner.email, false)
    const familyAdmin = await signedInUser({ label: 'private-media-admin' })
    await confirmAdmin(book.id, familyAdmin.id)
    const platformAdmin = await signedInUser({ platformAdmin: true })
    const grant = await familyAccessGrant(book)

    const ownerAddresses = await addressesFor(owner.client, book)
    await expectServed(ownerAddresses)
    await expectServed(await addressesFor(familyAdmin.client, book))
    await expectServed(await addressesFor(platformAdmin.client, book))
    const grantAddresses = await addressesFor(anonClient(), book, grant)
    await expectServed(grantAddresses)
    for (const url of everyAddress(grantAddresses))
      expect(new URL(url).searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/)

    // A stranger: the card without pictures, no memories, and no address of any file opens.
    const card = await anonClient().rpc('get_book_card', { book_ref: book.shortCode })
    expect(card.data![0]).toMatchObject({ profile_image_url: null, background_image_url: null })
    const memories = await anonClient().rpc('get_book_memories', { book_ref: book.id })
    expect(memories.error?.code).toBe('42501')
    const stored = await storedUrls(book)
    expect(stored).toHaveLength(10)
    for (const url of stored) expect(await statusOf(url), url).toBeGreaterThanOrEqual(400)
    await expectRefused(everyAddress(ownerAddresses).map(unsigned))
    // Another reader's grant from another book opens nothing here either.
    const otherBook = await createBook({ isPublic: false })
    const otherGrant = await familyAccessGrant(otherBook)
    const withOtherGrant = await anonClient().rpc('get_book_card', {
      book_ref: book.shortCode,
      access_grant: otherGrant,
    })
    expect(withOtherGrant.data![0]).toMatchObject({ profile_image_url: null, background_image_url: null })
  })

  it('refuses an altered, borrowed or expired signature', async () => {
    const owner = await signedInUser({ label: 'private-media-signatures' })
    const book = await furnishedBook(owner.email, false)
    const { photos, portrait } = await addressesFor(owner.client, book)
    const photo = new URL(photos[0]!)
    const altered = new URL(photo)
    altered.searchParams.set(
      'signature',
      photo.searchParams.get('signature')!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    )
    const later = new URL(photo)
    later.searchParams.set('expires', String(Number(photo.searchParams.get('expires')) + 1800))
    const borrowed = new URL(unsigned(portrait[0]!))
    borrowed.search = photo.search
    const name = decodeURIComponent(photo.pathname.split('/functions/v1/media/')[1]!)
    const past = Math.floor(Date.now() / 1000) - 60
    const [expired] = await sql<{ signature: string }>(
      `select private.media_signature(private.media_stem($1), $2) as "signature"`,
      [name, past],
    )
    const expiredUrl = new URL(unsigned(photo.href))
    expiredUrl.search = `?expires=${past}&signature=${expired!.signature}`
    expect(await statusOf(photo.href)).toBe(200)
    await expectRefused([altered.href, later.href, borrowed.href, expiredUrl.href])

    // The signature is the HMAC-SHA256 of 'stem|expires' with the database's key.
    const [key] = await sql<{ secret: string }>(
      `select encode("secret", 'hex') as "secret" from private.media_url_keys`,
    )
    const stem = name.replace(/\.[A-Za-z0-9]+$/, '')
    const expected = createHmac('sha256', Buffer.from(key!.secret, 'hex'))
      .update(`${stem}|${photo.searchParams.get('expires')}`)
      .digest('hex')
    expect(photo.searchParams.get('signature')).toBe(expected)
  })

  it('stops serving a public book’s files at the addresses strangers had once it turns private, and serves them again when it is public', async () => {
    const owner = await signedInUser({ label: 'private-media-turning' })
    const book = await furnishedBook(owner.email, true)
    const strangerBefore = await addressesFor(anonClient(), book)
    await expectServed(strangerBefore)
    for (const url of everyAddress(strangerBefore)) expect(url).not.toContain('signature=')

    const turned = await owner.client.from('memory_books').update({ is_public: false }).eq('id', book.id).select('id')
    expect(turned.data).toHaveLength(1)
    await expectRefused(everyAddress(strangerBefore))
    const familyAdmin = await signedInUser({ label: 'private-media-turning-admin' })
    await confirmAdmin(book.id, familyAdmin.id)
    await expectServed(await addressesFor(owner.client, book))
    await expectServed(await addressesFor(familyAdmin.client, book))
    await expectServed(await addressesFor(anonClient(), book, await familyAccessGrant(book)))

    await owner.client.from('memory_books').update({ is_public: true }).eq('id', book.id)
    await expectServed(await addressesFor(anonClient(), book))
    for (const url of everyAddress(strangerBefore)) expect([url, await statusOf(url)]).toEqual([url, 200])
  })

  it("keeps a hidden memory's files from readers who may not see hidden memories", async () => {
    const owner = await signedInUser({ label: 'private-media-hidden' })
    const publicBook = await createBook({ ownerEmail: owner.email, plan: 'pro', isPublic: true })
    await addMemory(publicBook, { photos: 1 })
    const hidden = await addMemory(publicBook, { photos: 1, hidden: true }, 1)
    const [row] = await sql<{ url: string }>(
      `select "image_urls"[1] as "url" from "public"."memory_entries" where "id" = $1`,
      [hidden],
    )
    await uploadCopies(row!.url)
    const name = row!.url.split(STORED_PREFIX)[1]!
    const openAddress = `${testEnv.apiUrl}/functions/v1/media/${name}`

    const readers = await anonClient().rpc('get_book_memories', { book_ref: publicBook.id })
    expect(readers.data).toHaveLength(1)
    expect(JSON.stringify(readers.data)).not.toContain(name.replace(/\.png$/, ''))
    await expectRefused(withCopies(openAddress))

    const privateBook = await createBook({ ownerEmail: owner.email, isPublic: false })
    const privateHidden = await addMemory(privateBook, { photos: 1, hidden: true })
    const [privateRow] = await sql<{ url: string }>(
      `select "image_urls"[1] as "url" from "public"."memory_entries" where "id" = $1`,
      [privateHidden],
    )
    const privateName = privateRow!.url.split(STORED_PREFIX)[1]!
    const withGrant = await anonClient().rpc('get_book_memories', {
      book_ref: privateBook.id,
      access_grant: await familyAccessGrant(privateBook),
    })
    expect(withGrant.data).toEqual([])
    await expectRefused([`${testEnv.apiUrl}/functions/v1/media/${privateName}`])

    // The owner, who moderates, sees the hidden memory's photo at a signed address.
    const ownerRows = await owner.client.rpc('get_book_memories', { book_ref: publicBook.id })
    const hiddenPhoto = ownerRows.data!.find((memory) => memory.id === hidden)!.image_urls[0]!
    expect(hiddenPhoto).toContain('signature=')
    for (const url of withCopies(hiddenPhoto)) expect([url, await statusOf(url)]).toEqual([url, 200])
  })

  it("stops serving a memory's files to strangers when the owner hides it, and serves them again when it is shown", async () => {
    const owner = await signedInUser({ label: 'private-media-hiding' })
    const book = await createBook({ ownerEmail: owner.email, plan: 'pro', isPublic: true })
    const memory = await addMemory(book, { photos: 1 })
    const [row] = await sql<{ url: string }>(
      `select "image_urls"[1] as "url" from "public"."memory_entries" where "id" = $1`,
      [memory],
    )
    await uploadCopies(row!.url)
    const read = await anonClient().rpc('get_book_memories', { book_ref: book.id })
    const shown = withCopies(read.data![0]!.image_urls[0])
    for (const url of shown) expect([url, await statusOf(url)]).toEqual([url, 200])

    const hidden = await owner.client
      .from('memory_entries')
      .update({ is_hidden: true }, { count: 'exact' })
      .eq('id', memory)
    expect(hidden.error).toBeNull()
    expect(hidden.count).toBe(1)
    await expectRefused(shown)

    await owner.client.from('memory_entries').update({ is_hidden: false }, { count: 'exact' }).eq('id', memory)
    for (const url of shown) expect([url, await statusOf(url)]).toEqual([url, 200])
  })

  it('gives no reader the account that wrote a memory', async () => {
    const owner = await signedInUser({ label: 'private-media-authors' })
    const writer = await signedInUser({ label: 'private-media-writer' })
    const publicBook = await createBook({ ownerEmail: owner.email, isPublic: true })
    const privateBook = await createBook({ ownerEmail: owner.email, isPublic: false })
    for (const book of [publicBook, privateBook]) {
      const memory = await addMemory(book)
      await sql(`update "public"."memory_entries" set "author_user_id" = $1 where "id" = $2`, [writer.id, memory])
    }
    const platformAdmin = await signedInUser({ platformAdmin: true })
    const reads = [
      await anonClient().rpc('get_book_memories', { book_ref: publicBook.id }),
      await writer.client.rpc('get_book_memories', { book_ref: publicBook.id }),
      await anonClient().rpc('get_book_memories', {
        book_ref: privateBook.id,
        access_grant: await familyAccessGrant(privateBook),
      }),
      await owner.client.rpc('get_book_memories', { book_ref: privateBook.id }),
      await platformAdmin.client.rpc('get_book_memories', { book_ref: privateBook.id }),
    ]
    for (const read of reads) {
      expect(read.error).toBeNull()
      expect(read.data!.length).toBeGreaterThan(0)
      expect(JSON.stringify(read.data)).not.toContain(writer.id)
    }
    // Nor may the table be read for it directly.
    const direct = await anonClient().from('memory_entries').select('author_user_id').eq('book_id', publicBook.id)
    expect(direct.error?.code).toBe('42501')
    const signedIn = await owner.client.from('memory_entries').select('author_user_id').eq('book_id', privateBook.id)
    expect(signedIn.error?.code).toBe('42501')
    const visible = await anonClient().from('memory_entries').select('id,full_name').eq('book_id', publicBook.id)
    expect(visible.data).toHaveLength(1)
  })
})
