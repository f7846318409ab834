import { Card } from '@/components/ui/Card'
import { Spinner } from '@/components/ui/Spinner'
import { memoryPreview } from '@/domains/memories/lib/memory-preview'
import { useBookMemories } from '@/domains/reading/api/get-book-memories'
import { tDashboard as t } from '@/i18n/dashboard'
import { viewBookPath } from '@/domains/book/lib/book-links'
import { formatDisplayDate } from '@/lib/dates'
import type { ManagedBook } from '@/domains/book/api/get-management-access'

/** Every memory of the book, newest first: author, relation, date, the first 100 characters, and a link to the full memory in a new tab. */
export function MemoryList({ book }: { book: ManagedBook }) {
  const memories = useBookMemories(book.id, null, true)
  const newestFirst = [...(memories.data ?? [])].reverse()
  return (
    <section aria-labelledby="memory-list-title" className="flex flex-col gap-4">
      <h2 id="memory-list-title" className="text-2xl font-bold text-ink">
        {t('adminDashboard.memoriesTitle', { count: newestFirst.length })}
      </h2>
      {memories.isPending ? (
        <Spinner />
      ) : newestFirst.length === 0 ? (
        <p className="text-ink-muted">{t('adminDashboard.memoriesEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {newestFirst.map((memory) => (
            <li key={memory.id}>
              <Card className="flex flex-col gap-2">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-ink-muted">
                  <span className="text-base font-bold text-ink">{memory.full_name}</span>
                  {memory.relation_to_deceased && <span>{memory.relation_to_deceased}</span>}
                  <span dir="ltr">{formatDisplayDate(memory.created_at)}</span>
                </p>
                <p className="leading-relaxed text-ink-soft">{memoryPreview(memory)}</p>
                <a
                  href={`${viewBookPath(book.book_id, { code: book.family_access_code, key: book.family_link_key })}&memoryId=${memory.id}`}
                  target="_blank"
                  rel="noopener"
                  className="self-start font-medium text-plum-700 underline-offset-4 hover:underline"
                >
                  {t('adminDashboard.openFullMemory')}{' '}
                  <span className="sr-only">{t('adminDashboard.opensInNewTab')}</span>
                </a>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
