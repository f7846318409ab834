import { DERIVED_PICTURE_WIDTHS, derivedPictureName, type DerivedPictureWidth } from '@shared/derived-files.ts'

export interface ImageVariant {
  objectName: string
  width: DerivedPictureWidth
  blob: Blob
}

function toWebp(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', 0.8))
}

/**
 * The small WebP copies of a picture to upload beside it (named by shared/derived-files.ts), made in the
 * browser. None when the browser cannot decode the picture or cannot encode WebP: the screens
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
      const blob = await toWebp(canvas)
      if (!blob || blob.type !== 'image/webp') return []
      variants.push({ objectName: derivedPictureName(objectName, width), width, blob })
    }
    return variants
  } finally {
    bitmap.close()
  }
}
