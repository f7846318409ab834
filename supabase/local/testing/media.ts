/**
 * Real media bytes for upload tests (storage checks a file's magic bytes against its type), and
 * uploading them to the memory-images bucket as the service role.
 */
import fs from 'node:fs'
import path from 'node:path'
import { derivedObjectNames } from '../../../shared/derived-files.ts'
import { PROJECT_ROOT } from '../config.ts'
import { testEnv } from './clients.ts'

export { mp4Header, pngFile, type Rgb } from './images.ts'

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a40000000049454e44ae426082',
  'hex',
)

/** The smallest JPEG-ish payload the storage service accepts with an image mime type. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)

/** The public URL the app would get for a file of the memory-images bucket. */
export function publicUrl(objectPath: string): string {
  return `${testEnv.apiUrl}/storage/v1/object/public/memory-images/${objectPath}`
}

/**
 * The memory-images bucket is private, so its public URL serves nothing: a file's stored URL is
 * downloaded as the service role (the Storage API with the secret key), to see whether it exists.
 */
export function serviceDownload(storedUrl: string): Promise<Response> {
  const objectPath = storedUrl.split('/storage/v1/object/public/memory-images/')[1] ?? storedUrl
  return fetch(`${testEnv.apiUrl}/storage/v1/object/memory-images/${objectPath}`, {
    headers: { apikey: testEnv.serviceRoleKey, authorization: `Bearer ${testEnv.serviceRoleKey}` },
  })
}

/** Uploads bytes to the memory-images bucket as the service role; returns the public URL. */
export async function uploadToBucket(objectPath: string, body: Buffer, contentType: string): Promise<string> {
  const response = await fetch(`${testEnv.apiUrl}/storage/v1/object/memory-images/${objectPath}`, {
    method: 'POST',
    headers: {
      apikey: testEnv.serviceRoleKey,
      authorization: `Bearer ${testEnv.serviceRoleKey}`,
      'content-type': contentType,
      'x-upsert': 'true',
    },
    body: new Uint8Array(body),
  })
  if (!response.ok) throw new Error(`upload ${objectPath}: ${response.status} ${await response.text()}`)
  return publicUrl(objectPath)
}

/**
 * The object names under `prefix` whose bytes are still on the stack's disk (a test stack keeps
 * them in STACK_DATA_DIR/storage/<bucket>/<name>/<version>): rows deleted without the Storage API
 * leave bytes behind, which this finds.
 */
export function storedFilesUnder(prefix: string): string[] {
  const dataDir = process.env.STACK_DATA_DIR
  if (!dataDir) throw new Error('STACK_DATA_DIR is not set: run the test through scripts/with-stack.ts')
  const bucketDir = path.join(dataDir, 'storage', 'memory-images')
  const start = path.join(bucketDir, ...prefix.split('/'))
  if (!fs.existsSync(start)) return []
  const names = new Set<string>()
  for (const entry of fs.readdirSync(start, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) names.add(path.relative(bucketDir, entry.parentPath).split(path.sep).join('/'))
  }
  return [...names].sort()
}

/** A real WebP (a demo photo's small copy), for uploads a test names as a picture's copy. */
const SAMPLE_WEBP = fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'seed-assets', 'garden-light.w240.webp'))

/**
 * Uploads a picture and its copies as the browser does (names from shared/derived-files.ts) as the
 * service role; answers the object names, the original first.
 */
export async function uploadPictureWithCopies(
  objectPath: string,
  body: Buffer,
  contentType: string,
): Promise<string[]> {
  await uploadToBucket(objectPath, body, contentType)
  for (const copy of derivedObjectNames(objectPath)) await uploadToBucket(copy, SAMPLE_WEBP, 'image/webp')
  return [objectPath, ...derivedObjectNames(objectPath)]
}
