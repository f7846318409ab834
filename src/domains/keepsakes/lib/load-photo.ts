/**
 * A photo of the book decoded for drawing, one at a time: the caller closes the bitmap as soon as
 * it is drawn, so a book of hundreds of photos never holds more than one or two decoded.
 * null when the photo cannot be fetched or decoded (the keepsake goes on without it).
 */
export async function loadPhoto(url: string, signal?: AbortSignal): Promise<ImageBitmap | null> {
  try {
    const response = await fetch(url, { signal })
    if (!response.ok) return null
    return await createImageBitmap(await response.blob())
  } catch (error) {
    if (signal?.aborted) throw error
    return null
  }
}
