import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, testEnv } from '../testing/clients.ts'
import { TINY_PNG } from '../testing/media.ts'

const PNG = TINY_PNG
const service = serviceClient()
const storageUrl = `${testEnv.apiUrl}/storage/v1`

async function newBucket(options: { public: boolean }): Promise<string> {
  const id = `t-${randomUUID().slice(0, 8)}`
  const { error } = await service.storage.createBucket(id, options)
  expect(error).toBeNull()
  return id
}

describe('storage objects', () => {
  let publicBucket: string
  let privateBucket: string

  beforeAll(async () => {
    publicBucket = await newBucket({ public: true })
    privateBucket = await newBucket({ public: false })
  })

  it('uploads raw bytes and downloads them with their content type and caching headers', async () => {
    const { data, error } = await service.storage
      .from(publicBucket)
      .upload('u1/photo.png', PNG, { contentType: 'image/png', cacheControl: '60' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: 'u1/photo.png', fullPath: `${publicBucket}/u1/photo.png` })
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/)

    const download = await service.storage.from(publicBucket).download('u1/photo.png')
    expect(download.error).toBeNull()
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(PNG)

    const response = await fetch(`${storageUrl}/object/${publicBucket}/u1/photo.png`, {
      headers: { apikey: testEnv.serviceRoleKey },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('cache-control')).toBe('max-age=60')
    expect(response.headers.get('content-length')).toBe(String(PNG.length))
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(new Date(response.headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('serves public URLs without any header, decoding percent-encoded paths', async () => {
    const upload = await service.storage.from(publicBucket).upload('u2/my pic.png', PNG, { contentType: 'image/png' })
    expect(upload.data?.fullPath).toBe(`${publicBucket}/u2/my pic.png`)

    const { data } = service.storage.from(publicBucket).getPublicUrl('u2/my pic.png')
    expect(data.publicUrl).toContain('/object/public/')
    expect(data.publicUrl).toContain('my%20pic.png')
    const response = await fetch(data.publicUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('cache-control')).toBe('max-age=3600')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)

    const etag = response.headers.get('etag')!
    const revalidated = await fetch(data.publicUrl, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)

    const transformed = await fetch(`${storageUrl}/render/image/public/${publicBucket}/u2/my%20pic.png?width=100`)
    expect(transformed.status).toBe(200)
    expect(transformed.headers.get('content-type')).toBe('image/png')

    const attachment = await fetch(
      service.storage.from(publicBucket).getPublicUrl('u2/my pic.png', { download: 'a.png' }).data.publicUrl,
    )
    expect(attachment.headers.get('content-disposition')).toContain('attachment; filename=a.png')
  })

  it('answers single byte ranges', async () => {
    await service.storage.from(publicBucket).upload('range.txt', '0123456789', { contentType: 'text/plain' })
    const response = await fetch(`${storageUrl}/object/public/${publicBucket}/range.txt`, {
      headers: { range: 'bytes=2-4' },
    })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('bytes 2-4/10')
    expect(await response.text()).toBe('234')
  })

  it('refuses public URLs of a private bucket', async () => {
    await service.storage.from(privateBucket).upload('secret.txt', 'hidden', { contentType: 'text/plain' })
    const response = await fetch(service.storage.from(privateBucket).getPublicUrl('secret.txt').data.publicUrl)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' })
  })

  it('creates signed URLs that work without headers and refuses tampered or foreign tokens', async () => {
    await service.storage.from(privateBucket).upload('docs/a.txt', 'alpha', { contentType: 'text/plain' })
    await service.storage.from(privateBucket).upload('docs/b.txt', 'beta', { contentType: 'text/plain' })
    const { data, error } = await service.storage.from(privateBucket).createSignedUrl('docs/a.txt', 60)
    expect(error).toBeNull()
    const signed = await fetch(data!.signedUrl)
    expect(signed.status).toBe(200)
    expect(await signed.text()).toBe('alpha')

    const tampered = await fetch(`${data!.signedUrl.slice(0, -3)}abc`)
    expect(tampered.status).toBe(400)
    expect(await tampered.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' })

    const token = new URL(data!.signedUrl).searchParams.get('token')
    const foreign = await fetch(`${storageUrl}/object/sign/${privateBucket}/docs/b.txt?token=${token}`)
    expect(foreign.status).toBe(400)
    expect(await foreign.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' })

    const many = await service.storage.from(privateBucket).createSignedUrls(['docs/b.txt', 'docs/missing.txt'], 60)
    expect(many.error).toBeNull()
    expect(many.data![0]).toMatchObject({ path: 'docs/b.txt', error: null })
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('beta')
    expect(many.data![1]).toMatchObject({ path: 'docs/missing.txt', signedUrl: null })
    expect(many.data![1]!.error).toBeTruthy()

    const missing = await service.storage.from(privateBucket).createSignedUrl('docs/missing.txt', 60)
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
  })

  it('uploads Blobs as multipart, refuses a duplicate without upsert and replaces with upsert', async () => {
    const bucket = service.storage.from(privateBucket)
    const first = await bucket.upload('blob/x.json', new Blob(['{"v":1}'], { type: 'application/json' }), {
      metadata: { album: 'summer' },
    })
    expect(first.error).toBeNull()

    const duplicate = await bucket.upload('blob/x.json', new Blob(['{"v":2}'], { type: 'application/json' }))
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })

    const replaced = await bucket.upload('blob/x.json', new Blob(['{"v":3}'], { type: 'application/json' }), {
      upsert: true,
    })
    expect(replaced.error).toBeNull()
    expect(replaced.data!.id).toBe(first.data!.id)
    expect(await (await bucket.download('blob/x.json')).data!.text()).toBe('{"v":3}')

    const updated = await bucket.update('blob/x.json', '{"v":4}', { contentType: 'application/json' })
    expect(updated.error).toBeNull()
    expect(await (await bucket.download('blob/x.json')).data!.text()).toBe('{"v":4}')

    const updateMissing = await bucket.update('blob/none.json', '{}', { contentType: 'application/json' })
    expect(updateMissing.error).toMatchObject({ statusCode: '404' })

    const info = await bucket.info('blob/x.json')
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      name: 'blob/x.json',
      size: 7,
      contentType: 'application/json',
      metadata: { album: 'summer' },
    })
    expect((await bucket.exists('blob/x.json')).data).toBe(true)
    expect((await bucket.exists('blob/none.json')).data).toBe(false)
  })

  it('lists direct children with folders as rows of nulls, with search and sorting', async () => {
    const bucket = service.storage.from(privateBucket)
    for (const path of ['list/b.txt', 'list/a.txt', 'list/sub/c.txt', 'list/sub/deeper/d.txt', 'other/e.txt']) {
      expect((await bucket.upload(path, path, { contentType: 'text/plain' })).error).toBeNull()
    }
    const { data, error } = await bucket.list('list')
    expect(error).toBeNull()
    expect(data!.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt', 'sub'])
    const folder = data!.find((entry) => entry.name === 'sub')!
    expect(folder).toMatchObject({
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    })
    const file = data!.find((entry) => entry.name === 'a.txt')!
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(file.metadata).toMatchObject({
      size: 10,
      mimetype: 'text/plain',
      cacheControl: 'max-age=3600',
      httpStatusCode: 200,
    })

    const searched = await bucket.list('list', { search: 'B' })
    expect(searched.data!.map((entry) => entry.name)).toEqual(['b.txt'])
    const desc = await bucket.list('list', { sortBy: { column: 'name', order: 'desc' }, limit: 2 })
    expect(desc.data!.map((entry) => entry.name)).toEqual(['sub', 'b.txt'])
    const root = await bucket.list()
    expect(root.data!.map((entry) => entry.name)).toEqual(expect.arrayContaining(['list', 'other']))
  })

  it('moves and copies objects', async () => {
    const bucket = service.storage.from(privateBucket)
    await bucket.upload('mv/src.txt', 'moving', { contentType: 'text/plain' })
    expect((await bucket.move('mv/src.txt', 'mv/dst.txt')).error).toBeNull()
    expect((await bucket.exists('mv/src.txt')).data).toBe(false)
    expect(await (await bucket.download('mv/dst.txt')).data!.text()).toBe('moving')

    const copied = await bucket.copy('mv/dst.txt', 'mv/copy.txt')
    expect(copied.error).toBeNull()
    expect(copied.data!.path).toBe(`${privateBucket}/mv/copy.txt`)
    expect(await (await bucket.download('mv/copy.txt')).data!.text()).toBe('moving')
    expect((await bucket.move('mv/nothing.txt', 'mv/x.txt')).error).toMatchObject({ statusCode: '404' })
  })

  it('removes objects by key and returns the deleted rows', async () => {
    const bucket = service.storage.from(publicBucket)
    await bucket.upload('rm/one.txt', '1', { contentType: 'text/plain' })
    await bucket.upload('rm/two.txt', '2', { contentType: 'text/plain' })
    const { data, error } = await bucket.remove(['rm/one.txt', 'rm/two.txt', 'rm/never.txt'])
    expect(error).toBeNull()
    expect(data!.map((row) => row.name).sort()).toEqual(['rm/one.txt', 'rm/two.txt'])
    const gone = await bucket.download('rm/one.txt')
    expect(gone.error).not.toBeNull()
    const publicFetch = await fetch(bucket.getPublicUrl('rm/two.txt').data.publicUrl)
    expect(publicFetch.status).toBe(400)
    expect(await publicFetch.json()).toMatchObject({
      statusCode: '404',
      error: 'not_found',
      message: 'Object not found',
    })
  })

  it('hands out signed upload URLs that accept one upload without auth', async () => {
    const bucket = service.storage.from(privateBucket)
    const { data, error } = await bucket.createSignedUploadUrl('signed-up/file.txt')
    expect(error).toBeNull()
    const anonBucket = anonClient().storage.from(privateBucket)
    const uploaded = await anonBucket.uploadToSignedUrl('signed-up/file.txt', data!.token, 'via token', {
      contentType: 'text/plain',
    })
    expect(uploaded.error).toBeNull()
    expect(uploaded.data!.fullPath).toBe(`${privateBucket}/signed-up/file.txt`)
    expect(await (await bucket.download('signed-up/file.txt')).data!.text()).toBe('via token')
    const again = await anonBucket.uploadToSignedUrl('signed-up/other.txt', data!.token, 'x')
    expect(again.error).toMatchObject({ statusCode: '400' })
  })

  it('refuses object keys with characters Supabase does not accept', async () => {
    const { error } = await service.storage.from(privateBucket).upload('תמונה.png', PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({ statusCode: '400' })
    expect(error!.message).toContain('Invalid key')
  })
})
