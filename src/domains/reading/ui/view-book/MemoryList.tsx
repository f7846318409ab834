import { Button } from '@/components/ui/Button'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { usePagedItems } from '../../hooks/usePagedItems'
import type { Memory } from '../../../memories/lib/memory-model'
import { MemoryCard, type MemoryCardProps } from './MemoryCard'

export interface MemoryListProps extends Omit<MemoryCardProps, 'memory'> {
  memories: readonly Memory[]
}

/** The memories, 30 at a time; the next 30 load as the reader nears the end of the list. */
export function MemoryList({ memories, ...cardProps }: MemoryListProps) {
  const { visible, hasMore, loadMore, sentinelRef } = usePagedItems(memories)
  return (
    <>
      <ol className="flex flex-col gap-4">
        {visible.map((memory) => (
          <li key={memory.id}>
            <MemoryCard memory={memory} {...cardProps} />
          </li>
        ))}
      </ol>
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
