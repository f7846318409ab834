import { useParams, useSearchParams } from 'react-router-dom'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { viewBookPath } from '@/domains/book/lib/book-links'
import { BookLoadError, BookNotFound } from '@/domains/reading/ui/BookMessages'
import { MemoryBookViewer } from '@/domains/reading/ui/memory-book/MemoryBookViewer'
import { ReadingGate } from '@/domains/reading/ui/ReadingGate'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { useBookReading } from '@/domains/reading/hooks/useBookReading'

/** /memory-book/{book} — leafing through the memories like a book. */
export default function MemoryBookPage() {
  const { book: bookRef = '' } = useParams()
  const [params] = useSearchParams()
  const reading = useBookReading(bookRef, { linkCode: params.get('code'), linkKey: params.get('key') })

  switch (reading.status) {
    case 'loading':
      return <ScreenLoading />
    case 'not-found':
      return <BookNotFound />
    case 'error':
      return <BookLoadError title={t('book.viewerLoadError')} onRetry={reading.retry} />
    case 'gate':
    case 'denied':
      return <ReadingGate reading={reading} />
    case 'ready':
      return (
        <MemoryBookViewer
          deceasedName={reading.card.full_name}
          memories={reading.memories}
          back={
            reading.access.canRead
              ? { href: '/dashboard', label: t('memoryBook.close') }
              : { href: viewBookPath(reading.card.short_code), label: t('memoryBook.toBook') }
          }
        />
      )
  }
}
