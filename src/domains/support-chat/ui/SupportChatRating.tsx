import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { tSupportChat } from '@/domains/support-chat/strings/support-chat'
import { cn } from '@/lib/cn'
import { refusalMessage } from '@/lib/refusal'
import type { ChatSessionKey } from '@contracts/support-chat.ts'
import { useRateSupportChat } from '../api/rate-support-chat'
import { SupportEmailOffer } from './SupportEmailOffer'

const RATINGS = [1, 2, 3, 4, 5] as const

const choiceClasses = (selected: boolean) =>
  cn(
    'inline-flex h-10 min-w-10 items-center justify-center rounded-full border px-3 text-sm font-medium transition-colors',
    'focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none',
    selected
      ? 'border-plum-700 bg-plum-700 text-white'
      : 'border-plum-200 bg-surface text-plum-800 hover:border-plum-300 hover:bg-plum-50',
  )

/** Asks how much the chat helped (1–5) and whether the question was answered, once per session. */
export function SupportChatRating({ session }: { session: ChatSessionKey }) {
  const [rating, setRating] = useState<number | null>(null)
  const [resolved, setResolved] = useState<boolean | null>(null)
  const rate = useRateSupportChat()
  const error = rate.error ? refusalMessage(rate.error, tSupportChat('failed')) : null

  if (rate.isSuccess) {
    return (
      <div className="mt-5 rounded-xl bg-plum-50 px-4 py-3" role="status">
        {resolved === false ? (
          <SupportEmailOffer lead={tSupportChat('rating.thanksUnresolved')} />
        ) : (
          <p className="text-sm text-plum-900">{tSupportChat('rating.thanks')}</p>
        )}
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (rating === null) return
    rate.mutate({ session, rating, resolved })
  }

  return (
    <form onSubmit={submit} className="mt-5 rounded-xl border border-line px-4 py-3">
      <fieldset>
        <legend className="text-sm font-medium text-ink">{tSupportChat('rating.question')}</legend>
        <div className="mt-2 flex gap-2" role="group" aria-label={tSupportChat('rating.groupLabel')}>
          {RATINGS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={rating === value}
              aria-label={tSupportChat('rating.star', { value })}
              onClick={() => setRating(value)}
              className={choiceClasses(rating === value)}
            >
              {value}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-ink">{tSupportChat('rating.helpedQuestion')}</legend>
        <div className="mt-2 flex gap-2">
          {([true, false] as const).map((answer) => (
            <button
              key={String(answer)}
              type="button"
              aria-pressed={resolved === answer}
              onClick={() => setResolved(answer)}
              className={choiceClasses(resolved === answer)}
            >
              {tSupportChat(answer ? 'rating.yes' : 'rating.no')}
            </button>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="sm" variant="secondary" className="mt-3" disabled={rating === null || rate.isPending}>
        {tSupportChat('rating.submit')}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-700">
          {error}
        </p>
      )}
    </form>
  )
}
