/**
 * Files made from another file are named from it, here and nowhere else: today a picture's small
 * copies, `<name>.w<width>.webp` beside it (`photo.jpg` → `photo.w240.webp`, `photo.w800.webp`),
 * whose bytes are WebP, or JPEG where the uploading engine cannot encode WebP (Safari): the name
 * stays, so a reader finds a copy from the original's name alone.
 * The browser names the copies it uploads with derivedPictureName; whatever removes a file removes
 * derivedObjectNames(file) with it. The database has the same rule (private.derived_object_names
 * in supabase/schemas/90-storage.sql, its widths in private.derived_picture_widths), which a test
 * holds equal to this one. A new kind of derived file (another size, a video's poster) is added
 * here and there, and every removal takes it along.
 */

/** The widths of a picture's WebP copies. */
export const DERIVED_PICTURE_WIDTHS = [240, 800] as const
export type DerivedPictureWidth = (typeof DERIVED_PICTURE_WIDTHS)[number]

/** A picture the browser makes copies of: these extensions, and not itself a copy. */
const PICTURE_SOURCE = /\.(jpe?g|png|webp|heic|heif)$/i
const PICTURE_COPY = /\.w\d+\.webp$/i

/** Can this object have copies (a picture that is not itself a copy)? */
export function hasDerivedFiles(objectName: string): boolean {
  return PICTURE_SOURCE.test(objectName) && !PICTURE_COPY.test(objectName)
}

/** The object name of a picture's copy of the given width: `photo.jpg` → `photo.w240.webp`. */
export function derivedPictureName(objectName: string, width: DerivedPictureWidth): string {
  return `${objectName.replace(/\.[A-Za-z0-9]+$/, '')}.w${width}.webp`
}

/** Every file made from this one (none for a video, a copy or another file). */
export function derivedObjectNames(objectName: string): string[] {
  if (!hasDerivedFiles(objectName)) return []
  return DERIVED_PICTURE_WIDTHS.map((width) => derivedPictureName(objectName, width))
}
