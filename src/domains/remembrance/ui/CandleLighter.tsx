import { CANDLE_NAME_MAX } from '@contracts/limits.ts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Input } from '@/components/ui/Input'
import { Label } from '@/components/ui/Label'
import { candleCountText, tRemembrance as t } from '@/domains/remembrance/strings/remembrance'
import { cn } from '@/lib/cn'
import { mediumDate } from '@/domains/mourning-calendar/lib/format'
import { refusalMessage } from '@/lib/refusal'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import {
  candlesLitByQueryOptions,
  candlesQueryOptions,
  lightCandle,
  type CandleState,
} from '@/domains/remembrance/api/remembrance'
import { CandleFlame } from './CandleFlame'

interface CandleLighterProps {
  /** The book's short id (or uuid). */
  bookRef: string
  /** The deceased's name, for the heading. */
  name: string
  /** The family-code access grant of a private book, when this visitor has one. */
  accessGrant?: string | null
  className?: string
}

/** The names visitors left with their candles: the server gives them to the family alone. */
function CandlesLitBy({ bookRef }: { bookRef: string }) {
  const headingId = useId()
  const litBy = useQuery({ ...candlesLitByQueryOptions(bookRef), enabled: !isCertainlySignedOut() })
  if (!litBy.data?.length) return null
  return (
    <div className="w-full max-w-sm text-start" data-testid="candles-lit-by">
      <h3 id={headingId} className="text-sm font-medium text-ink-soft">
        {t('candle.litByTitle')}
      </h3>
      <ul aria-labelledby={headingId} className="mt-1 flex flex-col divide-y divide-line text-sm">
        {litBy.data.map((candle, index) => (
          <li key={index} className="flex justify-between gap-3 py-1.5">
            <bdi className="text-ink">{candle.lit_by}</bdi>
            <span className="shrink-0 text-ink-muted">{mediumDate(candle.lit_on)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Light a candle for the deceased: the candle, how many were lit, and a form with an optional name,
 * which the family sees (with the other names, below the candle, for the family alone).
 * Shows nothing to a visitor who may not read the book (a private book without its family code).
 */
export function CandleLighter({ bookRef, name, accessGrant = null, className }: CandleLighterProps) {
  const headingId = useId()
  const queryClient = useQueryClient()
  const options = candlesQueryOptions(bookRef, accessGrant)
  const candles = useQuery(options)
  const [visitorName, setVisitorName] = useState('')
  const light = useMutation({
    mutationFn: () => lightCandle(bookRef, visitorName, accessGrant),
    onSuccess: (answer) => {
      const next: CandleState = { count: answer.count, lit_today: true }
      queryClient.setQueryData(options.queryKey, next)
      void queryClient.invalidateQueries({ queryKey: candlesLitByQueryOptions(bookRef).queryKey })
    },
  })

  if (!candles.data) return null
  const litToday = candles.data.lit_today
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!light.isPending) light.mutate()
  }

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col items-center gap-3 rounded-3xl border border-line bg-surface px-6 py-6 text-center',
        className,
      )}
    >
      <h2 id={headingId} className="font-serif text-xl text-ink">
        {t('candle.title', { name })}
      </h2>
      <CandleFlame lit={litToday} label={litToday ? t('candle.flameLabel') : t('candle.unlitLabel')} />
      <p className="text-ink-soft" aria-live="polite" data-testid="candle-count">
        {candleCountText(candles.data.count)}
      </p>
      {litToday ? (
        <p className="text-sm text-gold-700">{t('candle.litToday')}</p>
      ) : (
        <form onSubmit={submit} className="flex w-full max-w-sm flex-col gap-3 text-start">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${headingId}-name`}>{t('candle.nameLabel')}</Label>
            <Input
              id={`${headingId}-name`}
              value={visitorName}
              maxLength={CANDLE_NAME_MAX}
              autoComplete="name"
              placeholder={t('candle.namePlaceholder')}
              aria-describedby={`${headingId}-name-hint`}
              onChange={(event) => setVisitorName(event.target.value)}
            />
            <p id={`${headingId}-name-hint`} className="text-sm text-ink-muted">
              {t('candle.nameHint')}
            </p>
          </div>
          <Button type="submit" disabled={light.isPending}>
            {light.isPending ? t('candle.lighting') : t('candle.light')}
          </Button>
          {light.isError && (
            <p role="alert" className="text-sm font-medium text-danger-600">
              {refusalMessage(light.error, t('candle.failed'))}
            </p>
          )}
          <p className="text-center text-sm text-ink-muted">{t('candle.onePerDay')}</p>
        </form>
      )}
      <CandlesLitBy bookRef={bookRef} />
    </section>
  )
}
