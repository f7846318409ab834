import type { Album } from './album-model'
import { PHOTO_BOX, PORTRAIT_SIZE, printPixels, type PreparedPhoto } from './photo-size'
import { loadPhoto } from '../lib/load-photo'

const JPEG_QUALITY = 0.85

/** The centre square of a photo (the cover's round portrait is cut from it). */
function squareCrop(bitmap: ImageBitmap) {
  const side = Math.min(bitmap.width, bitmap.height)
  return { x: (bitmap.width - side) / 2, y: (bitmap.height - side) / 2, width: side, height: side }
}

async function scaledJpeg(bitmap: ImageBitmap, square: boolean): Promise<PreparedPhoto> {
  const source = square ? squareCrop(bitmap) : { x: 0, y: 0, width: bitmap.width, height: bitmap.height }
  const box = square ? { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE } : PHOTO_BOX
  const size = printPixels(source.width, source.height, box)
  const canvas = new OffscreenCanvas(size.width, size.height)
  const context = canvas.getContext('2d')!
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, size.width, size.height)
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, source.x, source.y, source.width, source.height, 0, 0, size.width, size.height)
  const data = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY })
  return { data, ...size }
}

/**
 * Every photo of the album scaled to its printed size, decoded one after another (each bitmap is
 * closed before the next is fetched); a photo that fails to load is left out.
 */
export async function preparePhotos(
  album: Album,
  onProgress: (done: number, total: number) => void,
): Promise<Map<string, PreparedPhoto>> {
  const urls = [...new Set(album.memories.flatMap((memory) => memory.photos.map((photo) => photo.url)))]
  const jobs = album.portraitUrl ? [{ url: album.portraitUrl, square: true }] : []
  jobs.push(...urls.map((url) => ({ url, square: false })))
  const prepared = new Map<string, PreparedPhoto>()
  for (const [index, job] of jobs.entries()) {
    onProgress(index, jobs.length)
    const bitmap = await loadPhoto(job.url)
    if (!bitmap) continue
    try {
      prepared.set(job.url, await scaledJpeg(bitmap, job.square))
    } finally {
      bitmap.close()
    }
  }
  onProgress(jobs.length, jobs.length)
  return prepared
}
