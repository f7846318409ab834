/**
 * Bucket names and object keys as the real server accepts them. Keys arrive percent-encoded by
 * fetch; the Key the server returns is the decoded one.
 */
import { StorageErrors } from './errors.ts'

// Supabase allows only S3-safe characters (ASCII letters, digits and a few symbols): a file
// named in Hebrew must be renamed by the app before upload, here as in production.
const SAFE_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const SAFE_BUCKET = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/

/** Segments that would walk out of the bucket's folder on disk (S3 would store them verbatim). */
function hasUnsafeSegment(segments: string[]): boolean {
  return segments.some((segment) => segment === '' || segment === '.' || segment === '..')
}

function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && SAFE_BUCKET.test(name) && !hasUnsafeSegment([name])
}

export function assertValidBucketName(name: string): void {
  if (!isValidBucketName(name)) throw StorageErrors.invalidBucketName()
}

export function assertValidKey(key: string): void {
  if (!key || key.length > 1024 || !SAFE_KEY.test(key) || hasUnsafeSegment(key.split('/'))) {
    throw StorageErrors.invalidKey(key)
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw StorageErrors.invalidKey(segment)
  }
}

export interface ObjectAddress {
  bucket: string
  /** The decoded object name inside the bucket, e.g. `u1/my pic.png`. */
  key: string
}

/** `avatars/u1/my%20pic.png` (already split into segments) → {bucket, key}. */
export function parseObjectAddress(segments: string[]): ObjectAddress {
  const [bucket, ...rest] = segments.map(decodeSegment)
  if (!bucket) throw StorageErrors.missingParameter('bucketName')
  return { bucket, key: rest.join('/') }
}

/** The decoded `{bucket}/{key}` string the API returns as `Key` and signs in tokens. */
export function fullKey(address: ObjectAddress): string {
  return `${address.bucket}/${address.key}`
}
