import { useEffect, useMemo } from 'react'

/** Object URLs whose release is scheduled, so a preview mounted again at once can keep its URL. */
const releases = new Map<string, number>()

/**
 * A local preview of a chosen or restored file (an object URL, released when the preview goes).
 * The release waits a tick: React may unmount and mount a preview again straight away (development
 * checks, a restored draft's first render), and releasing at once would leave a broken image.
 */
export function useObjectUrl(blob: Blob): string {
  const url = useMemo(() => URL.createObjectURL(blob), [blob])
  useEffect(() => {
    const pending = releases.get(url)
    if (pending !== undefined) {
      window.clearTimeout(pending)
      releases.delete(url)
    }
    return () => {
      releases.set(
        url,
        window.setTimeout(() => {
          releases.delete(url)
          URL.revokeObjectURL(url)
        }),
      )
    }
  }, [url])
  return url
}
