import { useParams, useSearchParams } from 'react-router-dom'
import { tMemories as t } from '@/i18n/memories'
import { BookLoadError, BookNotFound } from '@/entities/book/components/BookMessages'
import { MemoryBookViewer } from './components/memory-book/MemoryBookViewer'
import { ReadingGate } from './components/ReadingGate'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { useBookReading } from './hooks/useBookReading'

/** /memory-book/{id} — leafing through the memories like a book. */
export default function MemoryBookPage() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const reading = useBookReading(id, { linkCode: params.get('code'), linkKey: params.get('key') })

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
      return <MemoryBookViewer deceasedName={reading.card.full_name} memories={reading.memories} />
  }
}
