import { useParams, useSearchParams } from 'react-router-dom'
import { Container } from '@/components/ui/Container'
import { tMemories as t } from '@/i18n/memories'
import { BookLoadError, BookNotFound } from './components/BookMessages'
import { FamilyCodeGate } from './components/FamilyCodeGate'
import { MemoryBookViewer } from './components/memory-book/MemoryBookViewer'
import { ScreenLoading } from './components/ScreenLoading'
import { useBookReading } from './hooks/useBookReading'

/** /memory-book/{id} — leafing through the memories like a book. */
export default function MemoryBookPage() {
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const reading = useBookReading(id, { linkCode: params.get('code') })

  switch (reading.status) {
    case 'loading':
      return <ScreenLoading />
    case 'not-found':
      return <BookNotFound />
    case 'error':
      return <BookLoadError title={t('book.viewerLoadError')} onRetry={reading.retry} />
    case 'gate':
    case 'denied':
      return (
        <Container width="narrow" className="py-10">
          <FamilyCodeGate
            bookRef={reading.card.id}
            title={t('gate.title')}
            text={t('gate.text')}
            initialFailure={reading.status === 'gate' ? reading.failedCheck : null}
            onGranted={reading.status === 'gate' ? reading.grant : () => undefined}
          />
        </Container>
      )
    case 'ready':
      return <MemoryBookViewer deceasedName={reading.card.full_name} memories={reading.memories} />
  }
}
