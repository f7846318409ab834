import type { Memory } from '../../memories/lib/memory-model'

/** One photo of the video with its caption: the writer and a line of the memory. */
export interface VideoSlide {
  photoUrl: string
  writer: string
  line: string
}

export const VIDEO_SIZE = { width: 1280, height: 720 }
export const FRAME_RATE = 25
/** The cover, the dedication and the closing cover each hold the screen this long. */
export const CARD_SECONDS = 5
/** The cross-fade from one picture to the next. */
export const FADE_SECONDS = 1
/** The time each photo holds the screen: the family chooses, from a quick pace to a slow one. */
export const PHOTO_SECONDS = { min: 3, max: 10, default: 5 }
/** The length the family is offered first: a shloshim video is three to eight minutes. */
const DEFAULT_VIDEO_SECONDS = 300
export const DEDICATION_MAX = 200

const longestLine = 110

/** The memory's first sentence or line, cut at a word within about a caption's width. */
export function captionLine(memory: Memory): string {
  const text = memory.texts[0]?.text ?? ''
  const first = text.split(/\n|(?<=[.!?])\s/)[0]!.trim()
  if (first.length <= longestLine) return first
  const cut = first.slice(0, longestLine)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), longestLine / 2)).trim()}…`
}

/** Every photo of the memories shown, oldest memory first, each with its writer and line. */
export function videoSlides(memories: readonly Memory[]): VideoSlide[] {
  return memories
    .filter((memory) => !memory.isHidden)
    .toSorted((a, b) => a.createdAtMs - b.createdAtMs)
    .flatMap((memory) =>
      memory.images.map((image) => ({ photoUrl: image.url, writer: memory.authorName, line: captionLine(memory) })),
    )
}

/** What the family chose: the photos in their order, the time of each, a dedication and their music. */
export interface VideoChoice {
  slides: readonly VideoSlide[]
  photoSeconds: number
  dedication: string
}

/** The cards around the photos: the cover, the dedication when there is one, the closing cover. */
function cardCount(dedication: string): number {
  return dedication.trim() === '' ? 2 : 3
}

/** The video's length in seconds: its cards and its photos, each for its time. */
export function videoSeconds({ slides, photoSeconds, dedication }: VideoChoice): number {
  return cardCount(dedication) * CARD_SECONDS + slides.length * photoSeconds
}

export function frameCount(choice: VideoChoice, frameRate = FRAME_RATE): number {
  return Math.round(videoSeconds(choice) * frameRate)
}

/**
 * The photos offered first: about five minutes of them at `photoSeconds` each, covering every
 * writer — a photo of each writer in turn (their memories' photos in the book's order) until the
 * time is full or the photos run out — then shown in the book's order. A book with more writers
 * than the time holds still gets one photo of each.
 */
export function defaultSlides(all: readonly VideoSlide[], photoSeconds: number): VideoSlide[] {
  const room = Math.max(1, Math.floor((DEFAULT_VIDEO_SECONDS - 2 * CARD_SECONDS) / photoSeconds))
  const byWriter = new Map<string, number[]>()
  all.forEach((slide, index) => byWriter.set(slide.writer, [...(byWriter.get(slide.writer) ?? []), index]))
  const queues = [...byWriter.values()]
  const chosen = new Set<number>()
  const target = Math.max(room, queues.length)
  for (let round = 0; chosen.size < Math.min(target, all.length); round += 1) {
    for (const queue of queues) {
      if (round < queue.length && chosen.size < target) chosen.add(queue[round]!)
    }
  }
  return all.filter((_, index) => chosen.has(index))
}

/** m:ss, as the dialog shows a length. */
export function clockText(seconds: number): string {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
