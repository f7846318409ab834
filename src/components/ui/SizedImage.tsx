import { useState, type ImgHTMLAttributes } from 'react'
import type { DerivedPictureWidth } from '@shared/derived-files.ts'
import { imageVariantUrl } from '@/lib/image-variants'
import { useReadableMediaUrl } from '@/lib/readable-media'

export interface SizedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string
  /** The width of the small copy to show: about twice the width the picture is drawn at. */
  variant: DerivedPictureWidth
  /** The page's largest picture: fetched first and never lazily. */
  priority?: boolean
}

/**
 * An uploaded picture at the size the screen needs: its small WebP copy when there is one, the
 * original when the copy is missing or the browser cannot show it. A stored file URL is first
 * exchanged for the address this reader may see it at (src/lib/readable-media.ts).
 */
export function SizedImage({ src: given, variant, priority = false, onError, loading, ...props }: SizedImageProps) {
  const src = useReadableMediaUrl(given) ?? ''
  const small = imageVariantUrl(src, variant)
  const [failed, setFailed] = useState<string | null>(null)
  const shown = small && failed !== src ? small : src
  return (
    <img
      {...props}
      src={shown || undefined}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : props.fetchPriority}
      onError={(event) => {
        if (shown !== src) setFailed(src)
        onError?.(event)
      }}
    />
  )
}
