import { SizedImage } from '@/components/ui/SizedImage'
import { Button } from '@/components/ui/Button'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { usePagedItems } from '../../hooks/usePagedItems'
import { galleryItems } from '../../lib/memory-filters'
import type { Memory } from '../../../memories/lib/memory-model'

export interface MemoryGalleryProps {
  memories: readonly Memory[]
  onOpen: (memoryId: string) => void
}

/** Every photo of the book in a square grid; a photo opens its memory. */
export function MemoryGallery({ memories, onOpen }: MemoryGalleryProps) {
  const { visible, hasMore, loadMore, sentinelRef } = usePagedItems(galleryItems(memories), 48, 8)
  return (
    <>
      <ul data-testid="gallery" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {visible.map((item) => (
          <li key={item.key}>
            <figure className="overflow-hidden rounded-xl border border-line bg-surface">
              <button
                type="button"
                onClick={() => onOpen(item.memory.id)}
                aria-label={t('card.openLabel', { name: item.memory.authorName })}
                className="block aspect-square w-full bg-stone-100 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none focus-visible:ring-inset"
              >
                <SizedImage
                  src={item.url}
                  variant={240}
                  alt={item.caption || t('card.imageAlt', { name: item.memory.authorName })}
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </button>
              <figcaption className="truncate px-2.5 py-2 text-sm text-ink-soft">
                {item.caption || item.memory.authorName}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinelRef} className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={loadMore}>
            {t('card.loadMore')}
          </Button>
        </div>
      )}
    </>
  )
}
