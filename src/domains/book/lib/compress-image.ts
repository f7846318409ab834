import { compressImage } from '@/lib/compress-image'
import { heicAsJpeg, isHeicFile } from '@/lib/heic'

/**
 * Book pictures are made small in the browser before upload: at most about 1 MB and 1600 px on the long side. JPEG, PNG and
 * WEBP keep their type; other images become JPEG. A HEIC photo the browser cannot decode (every
 * engine but Safari's) is converted to JPEG first; a picture that still cannot be read throws, so
 * none is stored broken.
 */
const keptTypes = new Set(['image/jpeg', 'image/png', 'image/webp'])

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || /\.(jpe?g|png|webp|heic|heif)$/i.test(file.name)
}

export async function compressBookImage(file: File): Promise<File> {
  try {
    return await compressImage(file, {
      maxSizeMB: 1,
      maxWidthOrHeight: 1600,
      initialQuality: 0.85,
      fileType: keptTypes.has(file.type) ? file.type : 'image/jpeg',
    })
  } catch (error) {
    if (!isHeicFile(file)) throw error
  }
  return compressBookImage(await heicAsJpeg(file))
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
}

/** The file extension the storage policies accept for this image type (jpg by default). */
export function imageExtension(type: string): string {
  return extensions[type] ?? 'jpg'
}
