import { memo } from 'react'
import { Button } from '@/components/ui/Button'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { cn } from '@/lib/cn'
import type { Memory } from '../../../memories/lib/memory-model'
import { ExpandIcon } from '@/components/ui/media-icons'
import { MemoryByline } from '../MemoryByline'
import { MemoryImages } from '../MemoryImages'
import { MemoryTexts } from '../MemoryTexts'
import { LazyModerationActions } from '../../../memories/ui/LazyModerationActions'

export interface MemoryCardProps {
  memory: Memory
  /** 'text': the words only, without photos and video. */
  variant: 'full' | 'text'
  onOpen: (memoryId: string) => void
  /** The reader may hide and delete memories (a manager of the book). */
  canModerate: boolean
}

/** One memory in the book's list: byline, photos, video, the answered prompts, open in full. */
export const MemoryCard = memo(function MemoryCard({ memory, variant, onOpen, canModerate }: MemoryCardProps) {
  const withMedia = variant === 'full'
  return (
    <article
      data-testid="memory-card"
      aria-label={t('viewer.title', { name: memory.authorName })}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border bg-surface p-5 shadow-soft',
        memory.isHidden ? 'border-danger-600/30 opacity-75' : 'border-line',
      )}
    >
      <MemoryByline memory={memory} as="h2" />
      {withMedia && memory.images.length > 0 && (
        <MemoryImages images={memory.images} authorName={memory.authorName} onOpen={() => onOpen(memory.id)} />
      )}
      {withMedia && memory.videoUrl && (
        <video
          src={memory.videoUrl}
          controls
          preload="none"
          playsInline
          aria-label={t('card.videoLabel', { name: memory.authorName })}
          className="aspect-video w-full rounded-xl bg-ink"
        />
      )}
      <MemoryTexts texts={memory.texts} clamp />
      <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <Button variant="ghost" size="sm" onClick={() => onOpen(memory.id)} className="text-plum-800">
          <ExpandIcon className="size-4" />
          {t('card.open')}
          <span className="sr-only"> {t('card.openFor', { name: memory.authorName })}</span>
        </Button>
        {canModerate && <LazyModerationActions memory={memory} />}
      </footer>
    </article>
  )
})
