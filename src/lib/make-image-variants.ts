import { DERIVED_PICTURE_WIDTHS, derivedPictureName, type DerivedPictureWidth } from '@shared/derived-files.ts'

/** The formats a copy is encoded in: the first the engine can encode. */
const COPY_FORMATS = ['image/webp', 'image/jpeg'] as const

export interface ImageVariant {
  objectName: string
  width: DerivedPictureWidth
  blob: Blob
}

function encoded(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.8))
}

/**
 * The copy's bytes: WebP where the engine encodes it; JPEG where it does not (Safari's toBlob
 * answers a request for WebP with PNG), so every engine makes copies. The copy keeps its name
 * (shared/derived-files.ts) whatever its bytes and is stored with its real type: browsers decode
 * a picture by its bytes. Null when neither comes out.
 */
async function encodeCopy(canvas: HTMLCanvasElement): Promise<Blob | null> {
  for (const type of COPY_FORMATS) {
    const blob = await encoded(canvas, type)
    if (blob?.type === type) return blob
  }
  return null
}

/**
 * The small copies of a picture to upload beside it (named by shared/derived-files.ts), made in the
 * browser. None when the browser cannot decode the picture or encode either format: the screens
 * then show the original.
 */
export async function makeImageVariants(picture: Blob, objectName: string): Promise<ImageVariant[]> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(picture)
  } catch {
    return []
  }
  try {
    const variants: ImageVariant[] = []
    for (const width of DERIVED_PICTURE_WIDTHS) {
      const scale = Math.min(1, width / bitmap.width)
      const canvas = document.createElement('canvas')
      canvas.width = Math.max(1, Math.round(bitmap.width * scale))
      canvas.height = Math.max(1, Math.round(bitmap.height * scale))
      const context = canvas.getContext('2d')
      if (!context) return []
      context.imageSmoothingQuality = 'high'
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
      const blob = await encodeCopy(canvas)
      if (!blob) return []
      variants.push({ objectName: derivedPictureName(objectName, width), width, blob })
    }
    return variants
  } finally {
    bitmap.close()
  }
}
