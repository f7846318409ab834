/**
 * Small WebP copies of an uploaded picture, stored beside it as `<name>.w<width>.webp` (the browser
 * makes them when it uploads; the demo photos get theirs when the local stack seeds). Screens show
 * a copy about twice the size they draw the picture at; the full-screen viewer and downloads use
 * the original. A picture without copies (older uploads, other hosts) is shown as it is.
 */
export const variantWidths = [240, 800] as const
export type VariantWidth = (typeof variantWidths)[number]

const STORAGE_PUBLIC_PATH = '/storage/v1/object/public/'
const VARIANT_SOURCE = /\.(jpe?g|png|webp|heic|heif)$/i

/** The object name of a copy: `photo.jpg` → `photo.w240.webp`. */
export function variantObjectName(objectName: string, width: VariantWidth): string {
  return `${objectName.replace(/\.[A-Za-z0-9]+$/, '')}.w${width}.webp`
}

/** The URL of a picture's copy of the given width, or null when the picture cannot have one. */
export function imageVariantUrl(url: string | null | undefined, width: VariantWidth): string | null {
  if (!url || !url.includes(STORAGE_PUBLIC_PATH)) return null
  const [path = '', query] = url.split('?', 2)
  if (!VARIANT_SOURCE.test(path) || /\.w\d+\.webp$/i.test(path)) return null
  const variant = variantObjectName(path, width)
  return query ? `${variant}?${query}` : variant
}

/** The address a screen shows a picture at: its copy of the given width, or the original without one. */
export function shownImageUrl(url: string | null | undefined, width: VariantWidth): string | null {
  return url ? (imageVariantUrl(url, width) ?? url) : null
}
