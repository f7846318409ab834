import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Spinner } from '@/components/ui/Spinner'
import type { MyBook } from '@/domains/book/api/my-books'
import { useBookMemories } from '@/domains/reading/api/get-book-memories'
import { tDashboard as t } from '@/i18n/dashboard'
import { formatDisplayDate } from '@/lib/dates'
import { memoryPreview } from '@/domains/memories/lib/memory-preview'

const shownMemories = 5

/** The newest memories of the book with a refresh and 'open full memory'. */
export function RecentMemories({ book }: { book: MyBook }) {
  const memories = useBookMemories(book.id, null, true)
  const recent = (memories.data ?? []).slice(-shownMemories).reverse()

  useEffect(() => {
    if (memories.isError) toast.error(t('memories.loadError'))
  }, [memories.isError])

  return (
    <section aria-labelledby="recent-memories-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-memories-title" className="text-2xl font-bold text-ink">
          {t('memories.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void memories.refetch()} disabled={memories.isFetching}>
          {memories.isFetching ? t('memories.refreshing') : t('memories.refresh')}
        </Button>
      </div>
      {memories.isPending ? (
        <Spinner />
      ) : recent.length === 0 ? (
        <p className="text-ink-muted">{memories.isError ? t('memories.loadError') : t('memories.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {recent.map((memory) => (
            <li key={memory.id}>
              <Card className="flex flex-col gap-2">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-ink-muted">
                  <span className="text-base font-bold text-ink">{memory.full_name}</span>
                  {memory.relation_to_deceased && <span>{memory.relation_to_deceased}</span>}
                  <span dir="ltr">{formatDisplayDate(memory.created_at)}</span>
                  {memory.is_hidden && <span className="text-gold-700">{t('memories.hidden')}</span>}
                </p>
                <p className="leading-relaxed text-ink-soft">{memoryPreview(memory)}</p>
                <Link
                  to={`/view-book/${book.short_code}?memoryId=${memory.id}`}
                  className="self-start font-medium text-plum-700 underline-offset-4 hover:underline"
                >
                  {t('memories.openFull')}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
