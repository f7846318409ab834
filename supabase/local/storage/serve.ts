/**
 * Object bytes as an HTTP response, with the headers the real server sends so browsers cache and
 * render images correctly: Content-Type, Cache-Control, ETag, Last-Modified, Content-Length,
 * Accept-Ranges (+ single byte ranges), If-None-Match → 304, ?download → Content-Disposition.
 */
import { StorageErrors } from './errors.ts'
import type { ObjectMetadata } from './rows.ts'

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  txt: 'text/plain',
  json: 'application/json',
}

/** For rows written by SQL (e.g. seed data) that carry no metadata. */
function fallbackMetadata(key: string, bytes: Buffer): ObjectMetadata {
  const extension = key.split('.').pop()?.toLowerCase() ?? ''
  return {
    eTag: '',
    size: bytes.length,
    mimetype: MIME_BY_EXTENSION[extension] ?? 'application/octet-stream',
    cacheControl: 'max-age=3600',
    lastModified: new Date(0).toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  }
}

/** The real server never serves stored HTML as HTML from the API origin. */
function safeContentType(mimetype: string): string {
  return mimetype.includes('text/html') ? 'text/plain' : mimetype
}

function contentDisposition(download: string | null): string | undefined {
  if (download === null) return undefined
  if (download === '') return 'attachment;'
  const encoded = encodeURIComponent(download)
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`
}

interface ByteRange {
  start: number
  end: number
}

function parseRange(header: string | null, size: number): ByteRange | undefined {
  if (!header) return undefined
  const match = header.match(/^bytes=(\d*)-(\d*)$/)
  if (!match || (match[1] === '' && match[2] === '')) throw StorageErrors.invalidRange()
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(size - Number(match[2]), 0)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start > end || start >= size) throw StorageErrors.invalidRange()
  return { start, end }
}

export interface ServeOptions {
  key: string
  bytes: Buffer
  metadata: ObjectMetadata | null
  download: string | null
}

export function serveObject(req: Request, options: ServeOptions): Response {
  const metadata = options.metadata ?? fallbackMetadata(options.key, options.bytes)
  const headers = new Headers({
    'accept-ranges': 'bytes',
    'content-type': safeContentType(metadata.mimetype),
    'cache-control': metadata.cacheControl || 'max-age=3600',
    'last-modified': new Date(metadata.lastModified).toUTCString(),
  })
  if (metadata.eTag) headers.set('etag', metadata.eTag)
  const disposition = contentDisposition(options.download)
  if (disposition) headers.set('content-disposition', disposition)

  if (metadata.eTag && req.headers.get('if-none-match') === metadata.eTag) {
    return new Response(null, { status: 304, headers })
  }

  const total = options.bytes.length
  const range = parseRange(req.headers.get('range'), total)
  const body = range ? options.bytes.subarray(range.start, range.end + 1) : options.bytes
  headers.set('content-length', String(body.length))
  if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${total}`)
  const status = range ? 206 : 200
  return new Response(req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers })
}
