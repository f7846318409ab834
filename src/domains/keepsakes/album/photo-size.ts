/** Points (1/72 inch) in a millimetre. */
const MM = 72 / 25.4

/** A5 in PDF points and the album's margin inside it. */
export const PAGE_SIZE = { width: 419.53, height: 595.28, margin: 40 }

/**
 * The print-house version: each A5 page keeps 3 mm of bleed beyond its trim (backgrounds run into
 * it) and a slug outside that for the crop marks, which start at the bleed's edge and run 5 mm out.
 */
export const PRINT_MARKS = { bleed: 3 * MM, markLength: 5 * MM, slug: 9 * MM }

/** The width of the text and of a row of photos. */
export const CONTENT_WIDTH = PAGE_SIZE.width - 2 * PAGE_SIZE.margin

/** The room between photos of a row. */
export const PHOTO_GAP = 8

/** The cover's round portrait, in points. */
export const PORTRAIT_SIZE = 150

/** No photo is stored sharper than printers use: 300 pixels to the inch at its size on the page. */
const MAX_DPI = 300

interface Size {
  width: number
  height: number
}

/** A photo scaled for print: its JPEG and its size in pixels. */
export interface PreparedPhoto extends Size {
  data: Blob
}

/** The box a photo fills in a row of `perRow` photos: one alone prints large, three small. */
export function photoBox(perRow: number): Size {
  const width = (CONTENT_WIDTH - (perRow - 1) * PHOTO_GAP) / perRow
  const height = perRow === 1 ? 220 : perRow === 2 ? 150 : 110
  return { width, height }
}

/** The largest box a photo ever fills: the one a photo alone in its row gets. */
export const PHOTO_BOX = photoBox(1)

/**
 * How a memory's photos are set in rows: one alone, two or three side by side, four as two pairs,
 * more in rows of three (the last row with what is left).
 */
export function photoRows<T>(photos: readonly T[]): T[][] {
  if (photos.length === 4) return [photos.slice(0, 2), photos.slice(2)]
  const rows: T[][] = []
  for (let start = 0; start < photos.length; start += 3) rows.push(photos.slice(start, start + 3))
  return rows
}

/** The size on the page, in points, of a photo of these pixels: as large as `box` allows, same shape. */
export function photoDisplaySize(width: number, height: number, box: Size = PHOTO_BOX): Size {
  const scale = Math.min(box.width / width, box.height / height)
  return { width: width * scale, height: height * scale }
}

/**
 * The pixels to keep of a photo shown in a box of `box` points: 300 dpi at its printed size, never
 * more than the original has (a small photo is not enlarged).
 */
export function printPixels(width: number, height: number, box: Size): Size {
  const points = Math.min(box.width / width, box.height / height)
  const scale = Math.min(1, (points / 72) * MAX_DPI)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}
