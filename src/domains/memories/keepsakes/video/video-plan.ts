import type { Memory } from '../../lib/memory-model'

/** One photo of the video with its caption: the writer and a line of the memory. */
export interface VideoSlide {
  photoUrl: string
  writer: string
  line: string
}

export const VIDEO_SIZE = { width: 1280, height: 720 }
export const FRAME_RATE = 25
/** Each picture holds the screen this long before the next one starts to come in. */
export const SLIDE_SECONDS = 5
/** The cross-fade from one picture to the next. */
export const FADE_SECONDS = 1

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

/**
 * The video's length: its pictures are the cover, each photo and the cover again. Picture i starts
 * at i × SLIDE_SECONDS; for its first FADE_SECONDS it fades in over picture i − 1.
 */
export function videoSeconds(slideCount: number): number {
  return (slideCount + 2) * SLIDE_SECONDS
}

export function frameCount(slideCount: number): number {
  return videoSeconds(slideCount) * FRAME_RATE
}
