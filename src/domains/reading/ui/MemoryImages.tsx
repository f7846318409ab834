import { SizedImage } from '@/components/ui/SizedImage'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { cn } from '@/lib/cn'
import type { MemoryImage } from '../../memories/lib/memory-model'

export interface MemoryImagesProps {
  images: readonly MemoryImage[]
  authorName: string
  /** At most this many thumbnails; the last one then shows how many more there are. */
  limit?: number
  onOpen?: (imageIndex: number) => void
}

function altText(image: MemoryImage, authorName: string): string {
  return image.caption || t('card.imageAlt', { name: authorName })
}

/**
 * Thumbnails of a memory's photos. Every box has its size before the photo arrives (aspect ratio
 * on the box, width/height on the image), so lazy loading never moves the text below.
 */
export function MemoryImages({ images, authorName, limit = 4, onOpen }: MemoryImagesProps) {
  const shown = images.slice(0, limit)
  const hiddenCount = images.length - shown.length
  const single = shown.length === 1
  return (
    <ul
      className={cn(
        'grid gap-1.5 overflow-hidden rounded-xl',
        single ? 'grid-cols-1' : shown.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
      )}
    >
      {shown.map((image, index) => {
        const isLast = index === shown.length - 1 && hiddenCount > 0
        const picture = (
          <SizedImage
            src={image.url}
            variant={single ? 800 : 240}
            alt={altText(image, authorName)}
            width={single ? 800 : 400}
            height={single ? 600 : 400}
            loading="lazy"
            decoding="async"
            className="h-full w-full bg-stone-200 object-cover"
          />
        )
        return (
          <li key={image.url} className={cn('relative bg-stone-100', single ? 'aspect-[4/3]' : 'aspect-square')}>
            {onOpen ? (
              <button
                type="button"
                onClick={() => onOpen(index)}
                className="block h-full w-full focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none focus-visible:ring-inset"
              >
                {picture}
              </button>
            ) : (
              picture
            )}
            {isLast && (
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-0 flex items-center justify-center bg-ink/45 text-2xl font-semibold text-white"
              >
                {t('card.moreImages', { count: hiddenCount })}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
