import { useEffect, useRef } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { tMemories as t } from '@/i18n/memories'
import { getSupabase } from '@/lib/supabase'
import { BookLoadError, BookNotFound } from './components/BookMessages'
import { ReadingGate } from './components/ReadingGate'
import { ScreenLoading } from './components/ScreenLoading'
import { BookView } from './components/view-book/BookView'
import { useBookReading } from './hooks/useBookReading'

// The backend client's code starts downloading with this screen's, not after its first render.
void getSupabase()

/** Toasts once per visit: the e-mail confirmation, and the welcome of the book's family managers. */
function useArrivalToasts(ready: boolean, isFamilyManager: boolean, emailConfirmed: boolean) {
  const shown = useRef({ email: false, welcome: false })
  useEffect(() => {
    if (emailConfirmed && !shown.current.email) {
      shown.current.email = true
      toast.success(t('book.emailConfirmed'))
    }
    if (ready && isFamilyManager && !shown.current.welcome) {
      shown.current.welcome = true
      toast.success(t('gate.adminWelcome'))
    }
  }, [ready, isFamilyManager, emailConfirmed])
}

/** /view-book/{bookId}?code&memoryId&email_confirmed&tinder — the family's book of memories. */
export default function ViewBookPage() {
  const { bookId = '' } = useParams()
  const [params] = useSearchParams()
  const reading = useBookReading(bookId, { linkCode: params.get('code') })
  useArrivalToasts(
    reading.status === 'ready',
    reading.status === 'ready' && reading.access.canRead,
    params.get('email_confirmed') === 'true',
  )

  switch (reading.status) {
    case 'loading':
      return <ScreenLoading />
    case 'not-found':
      return <BookNotFound />
    case 'error':
      return <BookLoadError onRetry={reading.retry} />
    case 'denied':
    case 'gate':
      return <ReadingGate reading={reading} />
    case 'ready':
      return (
        <BookView
          card={reading.card}
          access={reading.access}
          memories={reading.memories}
          accessGrant={reading.accessGrant}
          initialMode={params.get('tinder') === 'true' ? 'cards' : 'full'}
          initialMemoryId={params.get('memoryId')}
        />
      )
  }
}
