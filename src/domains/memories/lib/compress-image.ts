import { compressImage } from '@/lib/compress-image'

/** Phone photos become JPEGs whose longest side is at most 2048 px, about 1 MB or less. */
const compressionSettings = {
  maxWidthOrHeight: 2048,
  maxSizeMB: 1.2,
  initialQuality: 0.85,
  fileType: 'image/jpeg',
} as const

export interface PreparedImage {
  blob: Blob
  contentType: string
  originalBytes: number
}

/**
 * An iPhone's photo format, by its type or, where the browser names no type for it (Firefox,
 * Android), by its name.
 */
export function isHeicFile(file: File): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name)
}

/**
 * A HEIC/HEIF photo as a JPEG, decoded by libheif in WebAssembly (heic-to; its CSP build, which
 * evaluates no code). Loaded only when such a photo meets a browser that cannot decode it (every
 * engine but Safari's).
 */
async function heicAsJpeg(file: File): Promise<File> {
  const { heicTo } = await import('heic-to/csp')
  const jpeg = await heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 })
  return new File([jpeg], `${file.name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' })
}

/**
 * Resizes and re-encodes a photo in the browser (in a web worker) before it is uploaded, as a
 * JPEG every reader's browser shows. A HEIC photo the browser cannot decode is converted first; a
 * photo that still cannot be read throws (the form says so), so no picture is stored broken.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  let readable = file
  try {
    const compressed = await compressImage(readable, compressionSettings)
    return { blob: compressed, contentType: compressionSettings.fileType, originalBytes: file.size }
  } catch (error) {
    if (!isHeicFile(file)) throw error
  }
  readable = await heicAsJpeg(file)
  const compressed = await compressImage(readable, compressionSettings)
  return { blob: compressed, contentType: compressionSettings.fileType, originalBytes: file.size }
}
