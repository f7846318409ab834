import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, sql, testEnv } from '../testing/clients.ts'
import { TINY_PNG } from '../testing/media.ts'
import { mintedUser, type MintedUser } from '../testing/minted-user.ts'

const service = serviceClient()
const uniqueId = () => randomUUID().slice(0, 8)

describe('bucket limits', () => {
  it('refuses files above the bucket file_size_limit with 413 in the body', async () => {
    const id = `lim-${uniqueId()}`
    expect((await service.storage.createBucket(id, { public: false, fileSizeLimit: 10 })).error).toBeNull()
    const bucket = service.storage.from(id)
    expect((await bucket.upload('ok.txt', '0123456789', { contentType: 'text/plain' })).error).toBeNull()

    const response = await fetch(`${testEnv.apiUrl}/storage/v1/object/${id}/big.txt`, {
      method: 'POST',
      headers: { apikey: testEnv.serviceRoleKey, 'content-type': 'text/plain' },
      body: '01234567890',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    })
    expect((await bucket.exists('big.txt')).data).toBe(false)
  })

  it('accepts a size limit written as "1KB"', async () => {
    const id = `lim-${uniqueId()}`
    expect((await service.storage.createBucket(id, { public: false, fileSizeLimit: '1KB' })).error).toBeNull()
    const { data } = await service.storage.getBucket(id)
    expect(data!.file_size_limit).toBe(1000)
    const refused = await service.storage
      .from(id)
      .upload('x.bin', Buffer.alloc(1001), { contentType: 'application/octet-stream' })
    expect(refused.error).toMatchObject({ statusCode: '413' })
  })

  it('refuses mime types outside allowed_mime_types, with image/* wildcards', async () => {
    const id = `mime-${uniqueId()}`
    const created = await service.storage.createBucket(id, {
      public: true,
      allowedMimeTypes: ['image/*', 'application/pdf'],
    })
    expect(created.error).toBeNull()
    const bucket = service.storage.from(id)
    expect((await bucket.upload('a.png', TINY_PNG, { contentType: 'image/png' })).error).toBeNull()
    expect((await bucket.upload('a.pdf', new Blob(['%PDF'], { type: 'application/pdf' }))).error).toBeNull()

    const refused = await bucket.upload('a.txt', 'hello')
    expect(refused.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain;charset=UTF-8 is not supported',
    })
    const raw = await fetch(`${testEnv.apiUrl}/storage/v1/object/${id}/b.gif`, {
      method: 'POST',
      headers: { apikey: testEnv.serviceRoleKey, 'content-type': 'video/mp4' },
      body: 'x',
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type video/mp4 is not supported',
    })
  })

  it('checks a declared image or video by its magic bytes: HTML or SVG as image/png is refused', async () => {
    const open = `open-${uniqueId()}`
    const media = `media-${uniqueId()}`
    expect((await service.storage.createBucket(open, { public: true })).error).toBeNull()
    expect(
      (
        await service.storage.createBucket(media, {
          public: true,
          allowedMimeTypes: ['image/png', 'image/jpeg', 'video/mp4'],
        })
      ).error,
    ).toBeNull()
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'
    for (const bucketId of [open, media]) {
      for (const [name, content] of [
        ['page.png', html],
        ['drawing.png', svg],
      ] as const) {
        const refused = await service.storage
          .from(bucketId)
          .upload(name, Buffer.from(content), { contentType: 'image/png' })
        expect(refused.error).toMatchObject({ statusCode: '415' })
        expect(refused.error?.message).toMatch(/^file content does not match its type image\/png/)
      }
      const accepted = await service.storage.from(bucketId).upload('real.png', TINY_PNG, { contentType: 'image/png' })
      expect(accepted.error).toBeNull()
    }
    const raw = await fetch(`${testEnv.apiUrl}/storage/v1/object/${media}/raw.png`, {
      method: 'POST',
      headers: { apikey: testEnv.serviceRoleKey, 'content-type': 'image/png' },
      body: html,
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type' })
    const listed = await service.storage.from(media).list()
    expect(listed.data?.map((entry) => entry.name)).toEqual(['real.png'])
  })

  it('answers a missing bucket with NoSuchBucket', async () => {
    const { error } = await service.storage.from(`none-${uniqueId()}`).upload('a.txt', 'x')
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
  })
})

// Creating policies on storage.objects needs its owner (on hosted, supautils lends it); the app's
// own storage policies are tested on that database through the permission matrix.
describe.skipIf(testEnv.hostedPlatform)('row-level security on storage.objects', () => {
  let bucketId: string
  let alice: MintedUser
  let bob: MintedUser

  beforeAll(async () => {
    bucketId = `rls-${uniqueId()}`
    alice = await mintedUser()
    bob = await mintedUser()
    expect((await service.storage.createBucket(bucketId, { public: false })).error).toBeNull()
    const own = `(storage.foldername("name"))[1] = auth.uid()::text`
    await sql(`create policy "${bucketId} insert own folder" on storage.objects for insert to authenticated
               with check ("bucket_id" = '${bucketId}' and ${own})`)
    await sql(`create policy "${bucketId} read own folder" on storage.objects for select to authenticated
               using ("bucket_id" = '${bucketId}' and ${own})`)
    await sql(`create policy "${bucketId} delete own folder" on storage.objects for delete to authenticated
               using ("bucket_id" = '${bucketId}' and ${own})`)
  })

  it('lets a user upload into their own folder, recording them as owner', async () => {
    const { data, error } = await alice.client.storage
      .from(bucketId)
      .upload(`${alice.id}/avatar.png`, TINY_PNG, { contentType: 'image/png' })
    expect(error).toBeNull()
    const [row] = await sql<{ owner: string; owner_id: string }>(
      `select "owner", "owner_id" from storage.objects where "id" = $1`,
      [data!.id],
    )
    expect(row).toEqual({ owner: alice.id, owner_id: alice.id })
  })

  it('refuses an upload the INSERT policy forbids, with the Supabase body and nothing stored', async () => {
    const { error } = await alice.client.storage
      .from(bucketId)
      .upload(`${bob.id}/intruder.png`, TINY_PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })
    const response = await fetch(`${testEnv.apiUrl}/storage/v1/object/${bucketId}/${bob.id}/intruder2.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, apikey: testEnv.anonKey, 'content-type': 'image/png' },
      body: TINY_PNG,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    })
    const rows = await sql(`select 1 from storage.objects where "bucket_id" = $1 and "name" like $2`, [
      bucketId,
      `${bob.id}/%`,
    ])
    expect(rows).toHaveLength(0)
  })

  it('refuses anonymous uploads', async () => {
    const { error } = await anonClient()
      .storage.from(bucketId)
      .upload(`${alice.id}/anon.png`, TINY_PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({ statusCode: '403' })
  })

  it("hides other users' objects from download, list, signing and remove", async () => {
    await alice.client.storage.from(bucketId).upload(`${alice.id}/private.txt`, 'mine', { contentType: 'text/plain' })
    const asBob = bob.client.storage.from(bucketId)
    expect((await asBob.download(`${alice.id}/private.txt`)).error).not.toBeNull()
    expect((await asBob.list(alice.id)).data).toEqual([])
    expect((await asBob.createSignedUrl(`${alice.id}/private.txt`, 60)).error).toMatchObject({ statusCode: '404' })
    expect((await asBob.remove([`${alice.id}/private.txt`])).data).toEqual([])

    const asAlice = alice.client.storage.from(bucketId)
    expect(await (await asAlice.download(`${alice.id}/private.txt`)).data!.text()).toBe('mine')
    expect((await asAlice.list(alice.id)).data!.map((entry) => entry.name)).toContain('private.txt')
    expect((await asAlice.remove([`${alice.id}/private.txt`])).data).toHaveLength(1)
  })

  it('refuses an expired user JWT', async () => {
    const expired = await mintedUser({ expiresInSeconds: -10 })
    const { error } = await expired.client.storage
      .from(bucketId)
      .upload(`${expired.id}/a.png`, TINY_PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({ statusCode: '403', message: 'jwt expired' })
  })
})

describe('buckets', () => {
  it('are managed by the service role and invisible to anon without policies', async () => {
    const id = `bk-${uniqueId()}`
    expect((await service.storage.createBucket(id, { public: false })).data).toEqual({ name: id })
    expect((await service.storage.createBucket(id, { public: false })).error).toMatchObject({ statusCode: '409' })
    expect((await service.storage.listBuckets()).data!.map((bucket) => bucket.id)).toContain(id)
    expect((await anonClient().storage.listBuckets()).data).toEqual([])
    expect((await anonClient().storage.createBucket(`anon-${uniqueId()}`)).error).toMatchObject({ statusCode: '403' })

    expect((await service.storage.updateBucket(id, { public: true, fileSizeLimit: 2048 })).error).toBeNull()
    expect((await service.storage.getBucket(id)).data).toMatchObject({ id, public: true, file_size_limit: 2048 })

    await service.storage.from(id).upload('a.txt', 'a', { contentType: 'text/plain' })
    expect((await service.storage.deleteBucket(id)).error).toMatchObject({ statusCode: '409' })
    expect((await service.storage.emptyBucket(id)).error).toBeNull()
    expect((await service.storage.deleteBucket(id)).error).toBeNull()
    expect((await service.storage.getBucket(id)).error).toMatchObject({ statusCode: '404' })
  })

  it('refuses invalid bucket names', async () => {
    const { error } = await service.storage.createBucket('bad/name')
    expect(error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' })
  })
})
