import { compressImage } from '@/lib/compress-image'
import { acceptedTypes, maxUploadBytes } from './media-names'

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
 * Resizes and re-encodes a photo in the browser (in a web worker) before it is uploaded. A photo
 * the browser cannot decode (e.g. HEIC outside Safari) is kept as it is when the bucket accepts
 * it; otherwise this throws.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  try {
    const compressed = await compressImage(file, compressionSettings)
    return { blob: compressed, contentType: compressionSettings.fileType, originalBytes: file.size }
  } catch (error) {
    if (acceptedTypes.image.includes(file.type) && file.size <= maxUploadBytes) {
      return { blob: file, contentType: file.type, originalBytes: file.size }
    }
    throw error
  }
}
