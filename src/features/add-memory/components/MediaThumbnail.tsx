import { useEffect, useMemo } from 'react'

/** A local preview of a chosen file (an object URL, released when the preview goes). */
export function useObjectUrl(blob: Blob): string {
  const url = useMemo(() => URL.createObjectURL(blob), [blob])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  return url
}
