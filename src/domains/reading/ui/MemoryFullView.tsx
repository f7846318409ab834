import { tMemories as t } from '@/domains/memories/strings/memories'
import type { Memory } from '../../memories/lib/memory-model'
import { MemoryByline } from './MemoryByline'
import { MemoryTexts } from './MemoryTexts'

/** A whole memory: every photo with its caption, the video and every answered prompt, uncut. */
export function MemoryFullView({ memory }: { memory: Memory }) {
  return (
    <div className="flex flex-col gap-5">
      <MemoryByline memory={memory} as="h2" />
      {memory.images.length > 0 && (
        <ul className="flex flex-col gap-3">
          {memory.images.map((image) => (
            <li key={image.url}>
              <figure>
                <div className="aspect-[4/3] overflow-hidden rounded-xl bg-stone-100">
                  <img
                    src={image.url}
                    alt={image.caption || t('card.imageAlt', { name: memory.authorName })}
                    width={800}
                    height={600}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-contain"
                  />
                </div>
                {image.caption && <figcaption className="mt-1.5 text-sm text-ink-soft">{image.caption}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      )}
      {memory.videoUrl && (
        <video
          src={memory.videoUrl}
          controls
          preload="metadata"
          playsInline
          aria-label={t('card.videoLabel', { name: memory.authorName })}
          className="aspect-video w-full rounded-xl bg-ink"
        />
      )}
      <MemoryTexts texts={memory.texts} />
    </div>
  )
}
