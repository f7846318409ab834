/**
 * An iPhone's photo format, by its type or, where the browser names no type for it (Firefox,
 * Android), by its name.
 */
export function isHeicFile(file: File): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name)
}

/**
 * A HEIC/HEIF photo as a JPEG, decoded by libheif in WebAssembly (heic-to; its CSP build, which
 * evaluates no code). Loaded only when such a photo meets a browser that cannot decode it (every
 * engine but Safari's).
 */
export async function heicAsJpeg(file: File): Promise<File> {
  const { heicTo } = await import('heic-to/csp')
  const jpeg = await heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 })
  return new File([jpeg], `${file.name.replace(/\.[^.]*$/, '')}.jpg`, { type: 'image/jpeg' })
}
