import { lazy, Suspense } from 'react'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { cn } from '@/lib/cn'
import { useNearViewport } from '@/lib/use-near-viewport'

// The candle and the reminder form sit below a book's first screen; their code (the form and its
// validation) loads when the reader scrolls towards them, not with the page.
const CandleLighter = lazy(() => import('./CandleLighter').then((module) => ({ default: module.CandleLighter })))
const ReminderSubscribe = lazy(() =>
  import('./ReminderSubscribe').then((module) => ({ default: module.ReminderSubscribe })),
)

/** What the database decides whether a visitor may see a book's candles by. */
interface CandleAccess {
  is_paid: boolean
  is_public: boolean
}

/**
 * False where asking for the candles could only be refused: an unpaid book, or a private one for a
 * signed-out visitor without its family-code grant (the refused request would show as an error in
 * the visitor's browser).
 */
function mayAskForCandles(book: CandleAccess, accessGrant: string | null): boolean {
  return book.is_paid && (book.is_public || accessGrant !== null || !isCertainlySignedOut())
}

interface RemembranceSectionProps {
  /** The book's short id (or uuid). */
  bookRef: string
  /** The deceased's name, for the candle's heading. */
  name: string
  /** The family-code access grant of a private book, when this visitor has one. */
  accessGrant?: string | null
  /** The signed-in owner's address, subscribed at once. */
  defaultEmail?: string
  /** The book's card: whether it is paid and public decides whether the candle is offered. */
  card: CandleAccess
  className?: string
}

/** Light a candle, and subscribe to the yahrzeit reminders: the end of every page about a book. */
export function RemembranceSection({
  bookRef,
  name,
  accessGrant = null,
  defaultEmail,
  card,
  className,
}: RemembranceSectionProps) {
  const offerCandle = mayAskForCandles(card, accessGrant)
  const { ref, near } = useNearViewport<HTMLDivElement>('300px')
  return (
    <div ref={ref} className={cn('flex flex-col gap-6', className)}>
      {near && (
        <Suspense fallback={null}>
          {offerCandle && <CandleLighter bookRef={bookRef} name={name} accessGrant={accessGrant} />}
          <ReminderSubscribe bookRef={bookRef} defaultEmail={defaultEmail} />
        </Suspense>
      )}
    </div>
  )
}
