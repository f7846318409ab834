import {
  BufferTarget,
  CanvasSource,
  Mp4OutputFormat,
  Output,
  StreamTarget,
  canEncodeVideo,
  type Target,
} from 'mediabunny'
import { loadPhoto } from '../lib/load-photo'
import { VIDEO_FONTS, drawCover, drawPicture, type CoverText, type Picture } from './draw-frame'
import { FADE_SECONDS, FRAME_RATE, SLIDE_SECONDS, VIDEO_SIZE, frameCount, type VideoSlide } from './video-plan'

const BITRATE = 2_500_000
const framesPerPicture = SLIDE_SECONDS * FRAME_RATE
const fadeFrames = FADE_SECONDS * FRAME_RATE

/** Whether this browser can encode 1280×720 H.264 (WebCodecs): Firefox on Android, for one, cannot. */
export async function canMakeVideo(): Promise<boolean> {
  if (typeof VideoEncoder === 'undefined' || typeof OffscreenCanvas === 'undefined') return false
  return canEncodeVideo('avc', { ...VIDEO_SIZE, bitrate: BITRATE })
}

export interface VideoProgress {
  done: number
  total: number
  /** Estimated from the pace so far; null until there is a pace. */
  secondsLeft: number | null
}

export interface VideoRequest {
  cover: CoverText
  portraitUrl: string | null
  slides: readonly VideoSlide[]
  signal: AbortSignal
  onProgress: (progress: VideoProgress) => void
}

export interface MadeVideo {
  file: Blob
  /** Photos that could not be loaded, left out of the video. */
  skipped: number
}

/**
 * Where the MP4 is written: a file in the origin's private storage when the browser has one (a
 * long video never sits in the tab's memory), else memory.
 */
async function videoTarget(): Promise<{ target: Target; file: () => Promise<Blob> }> {
  try {
    const folder = await navigator.storage.getDirectory()
    const handle = await folder.getFileHandle('memorial-video.mp4', { create: true })
    const writable = await handle.createWritable()
    return {
      target: new StreamTarget(writable, { chunked: true, chunkSize: 8 * 2 ** 20 }),
      file: () => handle.getFile(),
    }
  } catch {
    const target = new BufferTarget()
    return { target, file: async () => new Blob([target.buffer!], { type: 'video/mp4' }) }
  }
}

/** The pictures in order, each photo fetched and decoded only when its turn comes; a failing one is skipped. */
async function* pictures(cover: Picture, slides: readonly VideoSlide[], signal: AbortSignal, skip: () => void) {
  yield cover
  for (const slide of slides) {
    const image = await loadPhoto(slide.photoUrl, signal)
    if (image) yield { image, caption: { writer: slide.writer, line: slide.line } }
    else skip()
  }
  yield cover
}

function release(picture: Picture | null) {
  if (picture?.image instanceof ImageBitmap) picture.image.close()
}

/**
 * The memorial video as an MP4 (H.264, 1280×720, 25 fps): the cover, each photo about five
 * seconds with a slow zoom, its writer and a line of the memory, cross-fading into the next, and
 * the cover again. At most two photos are decoded at any time (the one leaving and the one coming).
 */
export async function makeVideo({ cover, portraitUrl, slides, signal, onProgress }: VideoRequest): Promise<MadeVideo> {
  await Promise.all(VIDEO_FONTS.map((font) => document.fonts.load(font, `${cover.name} ${cover.dates}`)))
  const portrait = portraitUrl ? await loadPhoto(portraitUrl, signal) : null
  const coverPicture: Picture = { image: drawCover(cover, portrait), caption: null }
  portrait?.close()

  const canvas = new OffscreenCanvas(VIDEO_SIZE.width, VIDEO_SIZE.height)
  const context = canvas.getContext('2d', { alpha: false })!
  const { target, file } = await videoTarget()
  const output = new Output({ format: new Mp4OutputFormat(), target })
  const source = new CanvasSource(canvas, { codec: 'avc', bitrate: BITRATE, keyFrameInterval: SLIDE_SECONDS })
  output.addVideoTrack(source, { frameRate: FRAME_RATE })

  let skipped = 0
  let frame = 0
  let previous: Picture | null = null
  const started = performance.now()
  const progress = () => {
    const total = frameCount(slides.length - skipped)
    const elapsed = (performance.now() - started) / 1000
    onProgress({ done: frame, total, secondsLeft: frame > 0 ? (elapsed / frame) * (total - frame) : null })
  }
  try {
    await output.start()
    for await (const picture of pictures(coverPicture, slides, signal, () => (skipped += 1))) {
      for (let step = 0; step < framesPerPicture; step += 1) {
        signal.throwIfAborted()
        const fading = previous !== null && step < fadeFrames
        if (fading) drawPicture(context, previous!, (framesPerPicture + step) / (framesPerPicture + fadeFrames), 1)
        drawPicture(context, picture, step / (framesPerPicture + fadeFrames), fading ? step / fadeFrames : 1)
        await source.add(frame / FRAME_RATE, 1 / FRAME_RATE)
        frame += 1
        if (frame % FRAME_RATE === 0) progress()
      }
      if (previous !== coverPicture) release(previous)
      previous = picture
    }
    await output.finalize()
  } catch (error) {
    if (previous !== coverPicture) release(previous)
    await output.cancel()
    throw error
  }
  progress()
  return { file: await file(), skipped }
}
