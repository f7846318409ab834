/**
 * Uploads are checked by their bytes, not only by the declared type: a file declared as an image
 * or a video must start with the magic bytes of one (file-type), of a kind the bucket allows.
 * HTML, SVG or script sent as image/png is refused, so the storage origin never serves it.
 */
import { fileTypeFromBuffer } from 'file-type'
import { StorageError } from './errors.ts'
import { isAllowedMimeType } from './limits.ts'

const MEDIA = /^(image|video)\//i

function contentMismatch(declared: string, detected: string | undefined): StorageError {
  const found = detected ? `the content is ${detected}` : 'the content is not a recognised image or video'
  return new StorageError(
    415,
    'InvalidMimeType',
    'invalid_mime_type',
    `file content does not match its type ${declared}: ${found}`,
  )
}

export async function assertContentMatches(
  bytes: Uint8Array,
  declared: string,
  allowed: readonly string[] | null,
): Promise<void> {
  const restricted = allowed && allowed.length > 0 && allowed.every((entry) => MEDIA.test(entry))
  if (!MEDIA.test(declared) && !restricted) return
  const detected = (await fileTypeFromBuffer(bytes))?.mime
  if (!detected || !MEDIA.test(detected)) throw contentMismatch(declared, detected)
  if (allowed && allowed.length > 0 && !isAllowedMimeType(detected, allowed)) throw contentMismatch(declared, detected)
}
