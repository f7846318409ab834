import { Badge } from '@/components/ui/Badge'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { shortDate } from '@/domains/book/lib/book-dates'
import type { Memory } from '../../memories/lib/memory-model'

/** Who wrote the memory, their relation and the date (and, for managers, whether it is hidden). */
export function MemoryByline({ memory, as: Heading = 'h3' }: { memory: Memory; as?: 'h2' | 'h3' }) {
  return (
    <header className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <Heading className="font-sans text-lg leading-snug font-semibold text-ink">{memory.authorName}</Heading>
        <p className="mt-0.5 text-sm text-ink-muted">
          {memory.relation && <span>{memory.relation}</span>}
          {memory.relation && <span aria-hidden="true"> · </span>}
          <time dateTime={memory.createdAt}>{shortDate(memory.createdAt)}</time>
        </p>
      </div>
      {memory.isHidden && <Badge tone="danger">{t('card.hiddenBadge')}</Badge>}
    </header>
  )
}
