/**
 * The bytes and attributes of an upload, from either body shape storage-js sends:
 * multipart (Blob/File/FormData: file part under the empty name "", `cacheControl` and
 * `metadata` fields) or a raw body (content-type, cache-control and x-metadata headers).
 */
import { StorageErrors } from './errors.ts'

export interface UploadPayload {
  bytes: Uint8Array
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

const DEFAULT_CACHE_CONTROL = 'max-age=3600'
const DEFAULT_MIME_TYPE = 'application/octet-stream'

function parseMetadata(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // reported below
  }
  throw StorageErrors.invalidRequest('Invalid metadata')
}

function isFile(value: FormDataEntryValue | null): value is File {
  return value !== null && typeof value !== 'string'
}

function pickFile(form: FormData): File {
  const unnamed = form.get('')
  if (isFile(unnamed)) return unnamed
  for (const [, value] of form) if (isFile(value)) return value
  throw StorageErrors.invalidRequest('No content provided')
}

async function multipartPayload(req: Request): Promise<UploadPayload> {
  let form: FormData
  try {
    form = await req.formData()
  } catch {
    throw StorageErrors.invalidRequest('Invalid multipart body')
  }
  const file = pickFile(form)
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  const cacheSeconds = field('cacheControl')
  const metadata = field('metadata')
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimetype: field('contentType') ?? (file.type || DEFAULT_MIME_TYPE),
    cacheControl: cacheSeconds ? `max-age=${cacheSeconds}` : DEFAULT_CACHE_CONTROL,
    userMetadata: metadata ? parseMetadata(metadata) : null,
  }
}

async function rawPayload(req: Request): Promise<UploadPayload> {
  const encodedMetadata = req.headers.get('x-metadata')
  return {
    bytes: new Uint8Array(await req.arrayBuffer()),
    mimetype: req.headers.get('content-type') || DEFAULT_MIME_TYPE,
    cacheControl: req.headers.get('cache-control') || DEFAULT_CACHE_CONTROL,
    userMetadata: encodedMetadata ? parseMetadata(Buffer.from(encodedMetadata, 'base64').toString('utf8')) : null,
  }
}

export function readUploadPayload(req: Request): Promise<UploadPayload> {
  const contentType = req.headers.get('content-type') ?? ''
  return /^multipart\/form-data/i.test(contentType) ? multipartPayload(req) : rawPayload(req)
}
