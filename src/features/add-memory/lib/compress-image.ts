import imageCompression from 'browser-image-compression'
// The library's own worker script, served from this site: by default it would load it from a CDN,
// and the privacy policy promises that visitors' photos never reach third parties.
import compressionWorkerLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url'
import { acceptedTypes, maxUploadBytes } from './media-names'

/** Phone photos become JPEGs whose longest side is at most 2048 px, about 1 MB or less. */
export const compressionSettings = {
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
    const compressed = await imageCompression(file, {
      ...compressionSettings,
      useWebWorker: true,
      libURL: new URL(compressionWorkerLibUrl, window.location.href).href,
    })
    return { blob: compressed, contentType: compressionSettings.fileType, originalBytes: file.size }
  } catch (error) {
    if (acceptedTypes.image.includes(file.type) && file.size <= maxUploadBytes) {
      return { blob: file, contentType: file.type, originalBytes: file.size }
    }
    throw error
  }
}
