/**
 * Screens show a picture's small WebP copy (named by shared/derived-files.ts; the browser makes
 * them when it uploads, the demo photos get theirs when the local stack seeds) about twice the size
 * they draw the picture at; the full-screen viewer and downloads use the original. A picture
 * without copies (older uploads, other hosts) is shown as it is. A copy's address keeps the
 * original's query: a signed address covers the picture's copies too.
 */
import { derivedPictureName, hasDerivedFiles, type DerivedPictureWidth } from '../../shared/derived-files.ts'

/** Addresses of this project's files: as stored (the bucket's) and as readers are given them (the media function's). */
const MEDIA_PATHS = ['/storage/v1/object/public/', '/functions/v1/media/']

/** The URL of a picture's copy of the given width, or null when the picture cannot have one. */
export function imageVariantUrl(url: string | null | undefined, width: DerivedPictureWidth): string | null {
  if (!url || !MEDIA_PATHS.some((path) => url.includes(path))) return null
  const [path = '', query] = url.split('?', 2)
  if (!hasDerivedFiles(path)) return null
  const variant = derivedPictureName(path, width)
  return query ? `${variant}?${query}` : variant
}

/** The address a screen shows a picture at: its copy of the given width, or the original without one. */
export function shownImageUrl(url: string | null | undefined, width: DerivedPictureWidth): string | null {
  return url ? (imageVariantUrl(url, width) ?? url) : null
}
