import { useEffect, useRef } from 'react'
import { cn } from '@/lib/cn'
import { Card } from '@/components/ui/Card'
import { Spinner } from '@/components/ui/Spinner'
import { memoryPreview } from '@/domains/memories/lib/memory-preview'
import { toMemory } from '@/domains/memories/lib/memory-model'
import { LazyModerationActions } from '@/domains/memories/ui/LazyModerationActions'
import { useBookMemories } from '@/domains/reading/api/get-book-memories'
import type { MemoryRow } from '@/domains/memories/api/public-memories'
import { tDashboard as t } from '@/i18n/dashboard'
import { viewBookPath } from '@/domains/book/lib/book-links'
import { formatDisplayDate } from '@/lib/dates'
import type { ManagedBook } from '@/domains/book/api/get-management-access'

interface MemoryListProps {
  book: ManagedBook
  /** The owner and platform admins may hide, show and delete memories; a family admin only reads. */
  canManage: boolean
  /** The memory an e-mail's hide link opened the page at: scrolled to, marked, its actions ready. */
  focusedMemoryId: string | null
}

/** Brings the focused memory's card into view and gives it focus once the memories have arrived. */
function useFocusedCard(focusedMemoryId: string | null, loaded: boolean) {
  const card = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (!loaded || !focusedMemoryId || !card.current) return
    card.current.scrollIntoView({ block: 'center' })
    card.current.focus({ preventScroll: true })
  }, [focusedMemoryId, loaded])
  return card
}

function MemoryItem({ book, row, canManage }: { book: ManagedBook; row: MemoryRow; canManage: boolean }) {
  const memory = toMemory(row)
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-ink-muted">
        <span className="text-base font-bold text-ink">{memory.authorName}</span>
        {memory.relation && <span>{memory.relation}</span>}
        <span dir="ltr">{formatDisplayDate(memory.createdAt)}</span>
        {memory.isHidden && <span className="font-medium text-ink-soft">{t('adminDashboard.hiddenMemory')}</span>}
      </p>
      <p className="leading-relaxed text-ink-soft">{memoryPreview(row)}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a
          href={`${viewBookPath(book.short_code, { code: book.family_access_code, key: book.family_link_key })}&memoryId=${memory.id}`}
          target="_blank"
          rel="noopener"
          className="font-medium text-plum-700 underline-offset-4 hover:underline"
        >
          {t('adminDashboard.openFullMemory')} <span className="sr-only">{t('adminDashboard.opensInNewTab')}</span>
        </a>
        {canManage && <LazyModerationActions memory={memory} />}
      </div>
    </>
  )
}

/**
 * Every memory of the book, newest first: author, relation, date, the first 100 characters, a link
 * to the full memory in a new tab and, for those who manage the book, hide / show and delete.
 */
export function MemoryList({ book, canManage, focusedMemoryId }: MemoryListProps) {
  const memories = useBookMemories(book.id, null, true)
  const newestFirst = [...(memories.data ?? [])].reverse()
  const focusedCard = useFocusedCard(focusedMemoryId, memories.isSuccess)
  const focusedMissing =
    focusedMemoryId !== null && memories.isSuccess && !newestFirst.some((row) => row.id === focusedMemoryId)
  return (
    <section aria-labelledby="memory-list-title" className="flex flex-col gap-4">
      <h2 id="memory-list-title" className="text-2xl font-bold text-ink">
        {t('adminDashboard.memoriesTitle', { count: newestFirst.length })}
      </h2>
      {focusedMissing && <p className="text-ink-muted">{t('adminDashboard.memoryFromMailGone')}</p>}
      {memories.isPending ? (
        <Spinner />
      ) : newestFirst.length === 0 ? (
        <p className="text-ink-muted">{t('adminDashboard.memoriesEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {newestFirst.map((row) => {
            const focused = row.id === focusedMemoryId
            return (
              <li
                key={row.id}
                ref={focused ? focusedCard : undefined}
                tabIndex={focused ? -1 : undefined}
                aria-current={focused ? 'true' : undefined}
                aria-describedby={focused ? 'memory-from-mail' : undefined}
                className="scroll-my-6 rounded-2xl outline-none"
              >
                <Card className={cn('flex flex-col gap-2', focused && 'ring-2 ring-plum-500')}>
                  {focused && (
                    <p id="memory-from-mail" className="text-sm font-medium text-plum-700">
                      {t('adminDashboard.memoryFromMail')}
                    </p>
                  )}
                  <MemoryItem book={book} row={row} canManage={canManage} />
                </Card>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
