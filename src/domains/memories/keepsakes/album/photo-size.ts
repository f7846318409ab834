/** A5 in PDF points (1/72 inch) and the album's page margin. */
export const PAGE_SIZE = { width: 419.53, height: 595.28, margin: 40 }

/** The largest a memory's photo prints: the text's width, and at most about 8 cm tall. */
export const PHOTO_BOX = { width: PAGE_SIZE.width - 2 * PAGE_SIZE.margin, height: 230 }

/** The cover's round portrait, in points. */
export const PORTRAIT_SIZE = 150

/** No photo is stored sharper than printers use: 300 pixels to the inch at its size on the page. */
const MAX_DPI = 300

/** A photo scaled for print: its JPEG and its size in pixels. */
export interface PreparedPhoto {
  data: Blob
  width: number
  height: number
}

/** The size on the page, in points, of a photo of these pixels: as large as the box allows, same shape. */
export function photoDisplaySize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(PHOTO_BOX.width / width, PHOTO_BOX.height / height)
  return { width: width * scale, height: height * scale }
}

/**
 * The pixels to keep of a photo shown in a box of `box` points: 300 dpi at its printed size, never
 * more than the original has (a small photo is not enlarged).
 */
export function printPixels(
  width: number,
  height: number,
  box: { width: number; height: number },
): { width: number; height: number } {
  const points = Math.min(box.width / width, box.height / height)
  const scale = Math.min(1, (points / 72) * MAX_DPI)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}
