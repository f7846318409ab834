import { useDeferredValue, useEffect, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { preloadSupabase } from '@/lib/supabase'
import { useReaderRole } from '@/domains/reading/api/get-reader-role'
import { BookLoadError, BookNotFound } from '@/domains/reading/ui/BookMessages'
import { ReadingGate } from '@/domains/reading/ui/ReadingGate'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { BookView } from '@/domains/reading/ui/view-book/BookView'
import { useBookReading, type BookReading } from '@/domains/reading/hooks/useBookReading'

// The backend client's code starts downloading with this screen's when someone may be signed in;
// for a signed-out visitor when they first touch or type.
preloadSupabase(isCertainlySignedOut() ? 'on-first-act' : 'now')

type Greeting = 'owner' | 'familyAdmin' | 'codeHolder'

const greetings: Record<Greeting, string> = {
  owner: t('gate.ownerWelcome'),
  familyAdmin: t('gate.adminWelcome'),
  codeHolder: t('gate.codeHolderWelcome'),
}

/**
 * Who this reader is, for the greeting: the owner, a family admin, or someone who came in with the
 * family code (a link's code or one remembered here; a code typed at the gate is greeted there).
 * A platform admin reading someone else's book gets no greeting. undefined: not known yet.
 */
function useGreeting(reading: BookReading): Greeting | null | undefined {
  const ready = reading.status === 'ready'
  const readsAll = ready && reading.access.canRead
  const role = useReaderRole(ready ? reading.card.id : undefined, readsAll)
  const [passedGate, setPassedGate] = useState(false)
  if (reading.status === 'gate' && !passedGate) setPassedGate(true)
  if (!ready) return undefined
  if (!readsAll) return reading.accessGrant && !passedGate ? 'codeHolder' : null
  if (role.isPending) return undefined
  return role.data ?? null
}

/** Toasts once per visit: the e-mail confirmation, and the greeting of the reader's role. */
function useArrivalToasts(greeting: Greeting | null | undefined, emailConfirmed: boolean) {
  const shown = useRef({ email: false, welcome: false })
  useEffect(() => {
    if (emailConfirmed && !shown.current.email) {
      shown.current.email = true
      toast.success(t('book.emailConfirmed'))
    }
    if (greeting !== undefined && !shown.current.welcome) {
      shown.current.welcome = true
      if (greeting) toast.success(greetings[greeting])
    }
  }, [greeting, emailConfirmed])
}

/** /view-book/{book}?code&memoryId&email_confirmed&tinder — the family's book of memories. */
export default function ViewBookPage() {
  const { book: bookRef = '' } = useParams()
  const [params] = useSearchParams()
  const reading = useBookReading(bookRef, { linkCode: params.get('code'), linkKey: params.get('key') })
  useArrivalToasts(useGreeting(reading), params.get('email_confirmed') === 'true')
  // The open book is one large render (profile, yahrzeit panel, toolbar, the first cards). It is
  // rendered as a deferred update, in slices that leave the main thread free for a tap, while the
  // loading screen stays up.
  const bookRendered = useDeferredValue(reading.status === 'ready')

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
      if (!bookRendered) return <ScreenLoading />
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
