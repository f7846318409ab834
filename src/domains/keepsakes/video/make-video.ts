import {
  AudioSample,
  AudioSampleSource,
  BufferTarget,
  CanvasSource,
  Mp4OutputFormat,
  Output,
  StreamTarget,
  canEncodeVideo,
  getFirstEncodableAudioCodec,
  type Target,
} from 'mediabunny'
import { loadPhoto } from '../lib/load-photo'
import { VIDEO_FONTS, drawCover, drawDedication, drawPicture, type CoverText, type Picture } from './draw-frame'
import { AUDIO_RATE, SOUNDTRACK_CHANNELS, soundtrackPiece } from './soundtrack'
import {
  CARD_SECONDS,
  FADE_SECONDS,
  FRAME_RATE,
  VIDEO_SIZE,
  frameCount,
  videoSeconds,
  type VideoChoice,
} from './video-plan'

const BITRATE = 2_500_000
const AUDIO_BITRATE = 128_000

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
  choice: VideoChoice
  /** The family's music, decoded; the soundtrack is made of it. */
  music: AudioBuffer | null
  signal: AbortSignal
  onProgress: (progress: VideoProgress) => void
  /** A preview: only the video's first seconds, at fewer frames a second. */
  preview?: { seconds: number; frameRate: number }
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
async function videoTarget(name: string): Promise<{ target: Target; file: () => Promise<Blob> }> {
  try {
    const folder = await navigator.storage.getDirectory()
    const handle = await folder.getFileHandle(name, { create: true })
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

/**
 * The pictures in order with their time on screen, each photo fetched and decoded only when its
 * turn comes; a failing one is skipped.
 */
async function* pictures(
  cards: { cover: Picture; dedication: Picture | null },
  request: VideoRequest,
  skip: () => void,
) {
  const { choice, signal } = request
  yield { picture: cards.cover, seconds: CARD_SECONDS }
  if (cards.dedication) yield { picture: cards.dedication, seconds: CARD_SECONDS }
  for (const slide of choice.slides) {
    const image = await loadPhoto(slide.photoUrl, signal)
    if (image)
      yield { picture: { image, caption: { writer: slide.writer, line: slide.line } }, seconds: choice.photoSeconds }
    else skip()
  }
  yield { picture: cards.cover, seconds: CARD_SECONDS }
}

/** The soundtrack's track: its samples are added a piece at a time, as the pictures advance. */
async function soundtrackOf(output: Output, music: AudioBuffer | null) {
  if (!music) return null
  const codec = await getFirstEncodableAudioCodec(['aac', 'opus'], {
    numberOfChannels: SOUNDTRACK_CHANNELS,
    sampleRate: AUDIO_RATE,
    bitrate: AUDIO_BITRATE,
  })
  if (!codec) return null
  const source = new AudioSampleSource({ codec, bitrate: AUDIO_BITRATE })
  output.addAudioTrack(source)
  let written = 0
  return {
    /** Adds the soundtrack up to `seconds` of a video `length` seconds long. */
    async addUntil(seconds: number, length: number) {
      while (written < seconds - 1e-6) {
        const to = Math.min(seconds, written + 1)
        const data = soundtrackPiece(music, written, to, length)
        const sample = new AudioSample({
          data,
          format: 'f32-planar',
          numberOfChannels: SOUNDTRACK_CHANNELS,
          sampleRate: AUDIO_RATE,
          timestamp: written,
        })
        await source.add(sample)
        sample.close()
        written = to
      }
    },
  }
}

/**
 * The memorial video as an MP4 (H.264, 1280×720, 25 fps), with the family's music as its sound
 * (AAC, or Opus where the browser has no AAC encoder): the cover, the dedication, each chosen photo
 * for the chosen time with a slow zoom, its writer and a line of the memory, cross-fading into the
 * next, and the cover again. At most two photos are decoded at any time (the one leaving and the
 * one coming); the file is written as it is made.
 */
export async function makeVideo(request: VideoRequest): Promise<MadeVideo> {
  const { cover, portraitUrl, choice, signal, onProgress, preview } = request
  const frameRate = preview?.frameRate ?? FRAME_RATE
  const fadeFrames = FADE_SECONDS * frameRate
  await Promise.all(
    VIDEO_FONTS.map((font) => document.fonts.load(font, `${cover.name} ${cover.dates} ${choice.dedication}`)),
  )
  const portrait = portraitUrl ? await loadPhoto(portraitUrl, signal) : null
  const coverPicture: Picture = { image: drawCover(cover, portrait), caption: null }
  portrait?.close()
  const dedication = choice.dedication.trim()
  const cards = {
    cover: coverPicture,
    dedication: dedication ? { image: drawDedication(dedication), caption: null } : null,
  }

  const canvas = new OffscreenCanvas(VIDEO_SIZE.width, VIDEO_SIZE.height)
  const context = canvas.getContext('2d', { alpha: false })!
  const { target, file } = await videoTarget(preview ? 'memorial-video-preview.mp4' : 'memorial-video.mp4')
  const output = new Output({ format: new Mp4OutputFormat(), target })
  const source = new CanvasSource(canvas, { codec: 'avc', bitrate: BITRATE, keyFrameInterval: CARD_SECONDS })
  output.addVideoTrack(source, { frameRate })
  const soundtrack = await soundtrackOf(output, request.music)

  let skipped = 0
  let frame = 0
  let previous: Picture | null = null
  let previousFrames = 0
  const started = performance.now()
  const lengthNow = () => videoSeconds({ ...choice, slides: choice.slides.slice(skipped) })
  const lastFrame = () =>
    preview
      ? Math.round(preview.seconds * frameRate)
      : frameCount({ ...choice, slides: choice.slides.slice(skipped) }, frameRate)
  const progress = () => {
    const total = lastFrame()
    const elapsed = (performance.now() - started) / 1000
    onProgress({ done: frame, total, secondsLeft: frame > 0 ? (elapsed / frame) * (total - frame) : null })
  }
  const release = (picture: Picture | null) => {
    if (picture && picture !== cards.cover && picture !== cards.dedication && picture.image instanceof ImageBitmap) {
      picture.image.close()
    }
  }
  try {
    await output.start()
    for await (const { picture, seconds } of pictures(cards, request, () => (skipped += 1))) {
      const frames = Math.round(seconds * frameRate)
      for (let step = 0; step < frames && frame < lastFrame(); step += 1) {
        signal.throwIfAborted()
        const fading = previous !== null && step < fadeFrames
        if (fading) drawPicture(context, previous!, (previousFrames + step) / (previousFrames + fadeFrames), 1)
        drawPicture(context, picture, step / (frames + fadeFrames), fading ? step / fadeFrames : 1)
        // A key frame once a cross-fade is over, so nothing of the last picture lingers in the next.
        await source.add(frame / frameRate, 1 / frameRate, { keyFrame: step === fadeFrames })
        frame += 1
        if (frame % frameRate === 0) progress()
      }
      release(previous)
      previous = picture
      previousFrames = frames
      await soundtrack?.addUntil(frame / frameRate, preview ? preview.seconds : lengthNow())
      if (frame >= lastFrame()) break
    }
    release(previous)
    await output.finalize()
  } catch (error) {
    release(previous)
    await output.cancel()
    throw error
  }
  progress()
  return { file: await file(), skipped }
}
