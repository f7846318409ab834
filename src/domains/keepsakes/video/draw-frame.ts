import { VIDEO_SIZE, type VideoSlide } from './video-plan'

/** A picture of the video: a decoded photo (or the cover) and its caption. */
export interface Picture {
  image: CanvasImageSource & { width: number; height: number }
  caption: Pick<VideoSlide, 'writer' | 'line'> | null
}

/** What the cover shows: the book's face, as on its first page. */
export interface CoverText {
  name: string
  dates: string
  quote: string | null
}

type Context = OffscreenCanvasRenderingContext2D

const { width, height } = VIDEO_SIZE
const margin = 64
const zoom = 0.08
export const VIDEO_FONTS = [
  '700 64px "Frank Ruhl Libre"',
  '700 34px Heebo',
  '400 28px Heebo',
  '700 44px "Frank Ruhl Libre"',
]
const [nameFont, writerFont, lineFont, dedicationFont] = VIDEO_FONTS as [string, string, string, string]

/** The words of `text` in lines no wider than `maxWidth`, at most `maxLines` (the last cut with …). */
function wrap(context: Context, text: string, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word
    if (line && context.measureText(candidate).width > maxWidth) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  return [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}…`]
}

function rtlText(context: Context, font: string, color: string) {
  context.font = font
  context.fillStyle = color
  context.direction = 'rtl'
  context.textBaseline = 'alphabetic'
}

/** The cover: the plum page, the round portrait, the name with its honorific, the dates and the quote. */
export function drawCover(cover: CoverText, portrait: ImageBitmap | null): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')!
  const background = context.createLinearGradient(0, 0, 0, height)
  background.addColorStop(0, '#2C1A4D')
  background.addColorStop(1, '#4B2E83')
  context.fillStyle = background
  context.fillRect(0, 0, width, height)
  let y = 150
  if (portrait) {
    const radius = 110
    const side = Math.min(portrait.width, portrait.height)
    context.save()
    context.beginPath()
    context.arc(width / 2, y + radius - 60, radius, 0, Math.PI * 2)
    context.clip()
    context.drawImage(
      portrait,
      (portrait.width - side) / 2,
      (portrait.height - side) / 2,
      side,
      side,
      width / 2 - radius,
      y - 60,
      radius * 2,
      radius * 2,
    )
    context.restore()
    y += 2 * radius
  }
  context.textAlign = 'center'
  rtlText(context, nameFont, '#FFFFFF')
  context.fillText(cover.name, width / 2, y + 40, width - 2 * margin)
  rtlText(context, lineFont, '#E2C98F')
  context.fillText(cover.dates, width / 2, y + 100, width - 2 * margin)
  if (cover.quote) {
    rtlText(context, lineFont, 'rgba(255,255,255,0.9)')
    wrap(context, cover.quote, width - 4 * margin, 2).forEach((line, index) => {
      context.fillText(line, width / 2, y + 170 + index * 44)
    })
  }
  return canvas
}

/** The dedication card: the family's words, centred on the plum page. */
export function drawDedication(text: string): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')!
  const background = context.createLinearGradient(0, 0, 0, height)
  background.addColorStop(0, '#4B2E83')
  background.addColorStop(1, '#2C1A4D')
  context.fillStyle = background
  context.fillRect(0, 0, width, height)
  context.textAlign = 'center'
  rtlText(context, dedicationFont, '#FFFFFF')
  const lines = text
    .trim()
    .split('\n')
    .flatMap((paragraph) => wrap(context, paragraph, width - 4 * margin, 6))
    .slice(0, 7)
  const lineHeight = 62
  const top = height / 2 - ((lines.length - 1) * lineHeight) / 2 + 16
  lines.forEach((line, index) => context.fillText(line, width / 2, top + index * lineHeight))
  return canvas
}

function drawCaption(context: Context, caption: NonNullable<Picture['caption']>) {
  const band = context.createLinearGradient(0, height - 230, 0, height)
  band.addColorStop(0, 'rgba(20,12,36,0)')
  band.addColorStop(1, 'rgba(20,12,36,0.78)')
  context.fillStyle = band
  context.fillRect(0, height - 230, width, 230)
  context.textAlign = 'right'
  rtlText(context, writerFont, '#FFFFFF')
  context.fillText(caption.writer, width - margin, height - 108, width - 2 * margin)
  if (caption.line) {
    rtlText(context, lineFont, 'rgba(255,255,255,0.92)')
    wrap(context, caption.line, width - 2 * margin, 2).forEach((line, index) => {
      context.fillText(line, width - margin, height - 64 + index * 38)
    })
  }
}

/**
 * One picture at `progress` (0..1) of its time on screen, slowly zooming in, at opacity `alpha`:
 * the whole picture is shown (letterboxed on the plum background when its shape differs).
 */
export function drawPicture(context: Context, picture: Picture, progress: number, alpha: number): void {
  const { image } = picture
  const fit = Math.min(width / image.width, height / image.height)
  const cover = Math.max(width / image.width, height / image.height)
  // A photo close to the frame's shape fills it; a tall or narrow one is shown whole.
  const base = cover / fit < 1.25 ? cover : fit
  const scale = base * (1 + zoom * progress)
  const drawnWidth = image.width * scale
  const drawnHeight = image.height * scale
  context.globalAlpha = alpha
  context.fillStyle = '#2C1A4D'
  context.fillRect(0, 0, width, height)
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, (width - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight)
  if (picture.caption) drawCaption(context, picture.caption)
  context.globalAlpha = 1
}
