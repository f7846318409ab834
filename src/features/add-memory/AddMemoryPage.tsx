import { lazy, Suspense, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Button } from '@/components/ui/Button'
import { Container } from '@/components/ui/Container'
import { Spinner } from '@/components/ui/Spinner'
import type { BookCard } from '@/domains/book/api/get-book-card'
import { BookLoadError, BookNotFound } from '@/domains/reading/ui/BookMessages'
import { FamilyCodeGate } from '@/domains/reading/ui/FamilyCodeGate'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import { viewBookPath } from '@/domains/book/lib/book-links'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { preloadSupabase } from '@/lib/supabase'
import { AddMemoryHeader } from './components/AddMemoryHeader'
import { ThankYou } from './components/ThankYou'
import { useAddMemoryMode } from './hooks/useAddMemoryMode'
import { useDraftStore, useSavedDraft } from '@/domains/writing/hooks/useDraftStore'
import { emptyDraft } from '@/domains/writing/lib/draft-store'

// The backend client's code starts downloading with this screen's when someone may be signed in;
// for a signed-out visitor once the first screen has painted (the memory is sent with it, even after
// the connection drops).
preloadSupabase(isCertainlySignedOut() ? 'when-idle' : 'now')

const familyImageLimit = 10

// The form and what it brings (validation, image compression, uploads) load in their own chunk while
// the header with the deceased's name and photo is already shown.
const MemoryForm = lazy(() =>
  import('@/domains/writing/ui/MemoryForm').then((module) => ({ default: module.MemoryForm })),
)

/** Holds the form's place while its code or the saved draft loads, so nothing below jumps. */
function FormPlaceholder() {
  return (
    <div className="flex min-h-dvh items-start justify-center pt-16">
      <Spinner label={t('formLoading')} />
    </div>
  )
}

interface WritingProps {
  card: BookCard
  asFamily: boolean
  accessGrant: string | null
  onWrongCode: () => void
}

/** The form, opened with the draft this device kept for the book; then the thank-you screen. */
function Writing({ card, asFamily, accessGrant, onWrongCode }: WritingProps) {
  const store = useDraftStore()
  const [round, setRound] = useState(0)
  const [saved, setSaved] = useState(false)
  const savedDraft = useSavedDraft(store, `${card.id}`)

  if (saved) {
    return (
      <ThankYou
        deceasedName={card.full_name}
        bookHref={viewBookPath(card.short_code)}
        asksForCode={!asFamily && !card.is_public}
        onWriteAnother={() => {
          setSaved(false)
          setRound((count) => count + 1)
        }}
      />
    )
  }
  const draft = round === 0 ? savedDraft.data : null
  return (
    <div className="flex flex-col gap-6">
      <AddMemoryHeader card={card} lead={asFamily ? t('familyLead', { max: familyImageLimit }) : t('lead')} />
      <Link to={viewBookPath(card.short_code)} className="self-center text-plum-700 underline underline-offset-4">
        {t('readBook')}
      </Link>
      {savedDraft.isPending ? (
        <FormPlaceholder />
      ) : (
        <Suspense fallback={<FormPlaceholder />}>
          <MemoryForm
            key={round}
            card={card}
            asFamily={asFamily}
            accessGrant={accessGrant}
            store={store}
            initialDraft={draft ?? emptyDraft(card.id)}
            restored={Boolean(draft)}
            onSaved={() => {
              setSaved(true)
              window.scrollTo({ top: 0 })
            }}
            onWrongCode={onWrongCode}
          />
        </Suspense>
      )}
    </div>
  )
}

/** /add-memory/{book}?family=true&authorized=true — the family gate, the form, the thanks. */
export default function AddMemoryPage() {
  const { book: bookRef = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const mode = useAddMemoryMode(bookRef, {
    family: params.get('family') === 'true',
    authorized: params.get('authorized') === 'true',
  })

  switch (mode.status) {
    case 'loading':
      return <ScreenLoading />
    case 'not-found':
      return <BookNotFound />
    case 'error':
      return <BookLoadError onRetry={mode.retry} />
    case 'unpaid':
      return <MessageScreen title={t('unpaidTitle')} text={t('unpaidText')} action={null} />
    case 'gate':
      return (
        <Container width="narrow" className="py-8 md:py-12">
          <FamilyCodeGate
            bookRef={mode.card.id}
            title={t('gate.title')}
            text={t('gate.text', { max: familyImageLimit })}
            initialFailure={mode.failedCheck}
            wrongCodeText={t('gate.wrongText')}
            onGranted={mode.grant}
          >
            <Button variant="ghost" className="mt-3 w-full" onClick={() => setParams({}, { replace: true })}>
              {t('gate.continueAsGuest')}
            </Button>
          </FamilyCodeGate>
        </Container>
      )
    case 'form':
      return (
        <Container width="narrow" className="py-8 md:py-12">
          <Writing
            card={mode.card}
            asFamily={mode.asFamily}
            accessGrant={mode.accessGrant}
            onWrongCode={mode.forgetAccess}
          />
        </Container>
      )
  }
}
