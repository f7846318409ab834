/*
 * Storage paths of memory photos and videos, as the bucket's policies and the memory validation
 * accept them: memories/<book uuid>/<name> and videos/<book uuid>/<name>, where the name is plain
 * ASCII ([A-Za-z0-9._-]) and random, so names never collide and never reveal the visitor's file.
 */

export type MediaKind = 'image' | 'video'

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
}

/** The mime types the bucket accepts, per kind. */
export const acceptedTypes: Record<MediaKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
}

/** The bucket's size limit (50 MB). */
export const maxUploadBytes = 50 * 1024 * 1024

export function extensionFor(contentType: string): string | null {
  return extensions[contentType.toLowerCase()] ?? null
}

/** A random id for a chosen file (crypto.randomUUID needs a secure context; this does not). */
export function newMediaId(): string {
  return randomHex(16)
}

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes))
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('')
}

function datePart(now: Date): string {
  return now.toISOString().slice(0, 10).replaceAll('-', '')
}

/** A new storage path for a file of this type in the book's folder, e.g. memories/<uuid>/20261122-3f9a….jpg. */
export function newMediaPath(kind: MediaKind, bookId: string, contentType: string, now = new Date()): string {
  const extension = extensionFor(contentType)
  if (!extension || !acceptedTypes[kind].includes(contentType.toLowerCase())) {
    throw new Error(`Unsupported ${kind} type: ${contentType}`)
  }
  const folder = kind === 'image' ? 'memories' : 'videos'
  return `${folder}/${bookId}/${datePart(now)}-${randomHex(12)}.${extension}`
}
