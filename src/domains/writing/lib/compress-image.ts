import { compressImage } from '@/lib/compress-image'
import { heicAsJpeg, isHeicFile } from '@/lib/heic'

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
