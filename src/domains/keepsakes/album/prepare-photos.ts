import type { Album } from './album-model'
import { PORTRAIT_SIZE, photoBox, photoRows, printPixels, type PreparedPhoto } from './photo-size'
import { loadPhoto } from '../lib/load-photo'

const JPEG_QUALITY = 0.8

/** The centre square of a photo (the cover's round portrait is cut from it). */
function squareCrop(bitmap: ImageBitmap) {
  const side = Math.min(bitmap.width, bitmap.height)
  return { x: (bitmap.width - side) / 2, y: (bitmap.height - side) / 2, width: side, height: side }
}

interface Box {
  width: number
  height: number
}

async function scaledJpeg(bitmap: ImageBitmap, box: Box, square: boolean): Promise<PreparedPhoto> {
  const source = square ? squareCrop(bitmap) : { x: 0, y: 0, width: bitmap.width, height: bitmap.height }
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

/** The box each photo prints in: the largest of its places (a photo in a row of three prints small). */
function photoBoxes(album: Album): Map<string, Box> {
  const boxes = new Map<string, Box>()
  for (const memory of album.memories) {
    for (const row of photoRows(memory.photos)) {
      const box = photoBox(row.length)
      for (const photo of row) if ((boxes.get(photo.url)?.width ?? 0) < box.width) boxes.set(photo.url, box)
    }
  }
  return boxes
}

/**
 * Every photo of the album scaled to its printed size, decoded one after another (each bitmap is
 * closed before the next is decoded; the next photo's file is fetched meanwhile); a photo that
 * fails to load is left out.
 */
export async function preparePhotos(
  album: Album,
  onProgress: (done: number, total: number) => void,
): Promise<Map<string, PreparedPhoto>> {
  const jobs = album.portraitUrl
    ? [{ url: album.portraitUrl, box: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE }, square: true }]
    : []
  jobs.push(...[...photoBoxes(album)].map(([url, box]) => ({ url, box, square: false })))
  const prepared = new Map<string, PreparedPhoto>()
  let next = jobs[0] ? loadPhoto(jobs[0].url) : null
  for (const [index, job] of jobs.entries()) {
    onProgress(index, jobs.length)
    const bitmap = await next
    next = jobs[index + 1] ? loadPhoto(jobs[index + 1]!.url) : null
    if (!bitmap) continue
    try {
      prepared.set(job.url, await scaledJpeg(bitmap, job.box, job.square))
    } finally {
      bitmap.close()
    }
  }
  onProgress(jobs.length, jobs.length)
  return prepared
}
