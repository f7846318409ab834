import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { CandleIcon } from '@/components/ui/icons'
import { tMourning as t } from '@/domains/mourning-calendar/strings/mourning'
import { cn } from '@/lib/cn'
import { isoToday } from '@/lib/dates'
import { openCalendarFile } from '@/lib/download'
import { deceasedReference } from '@shared/honorific.ts'
import {
  diedInAdarOfCommonYear,
  nextCandleEvenings,
  nextYahrzeits,
  shivaWeek,
  shloshimDate,
  type Yahrzeit,
} from '@/domains/mourning-calendar/lib/mourning-calendar'
import { longDate, mediumDate } from '../lib/format'

export interface YahrzeitPanelProps {
  /** The book's short public id (links and calendar event ids). */
  shortCode: string
  /** The book's page, the link each calendar event carries. */
  bookUrl: string
  fullName: string
  deathDate: string
  afterSunset: boolean
  /** The owner's dashboard also shows the shiva week and the shloshim. */
  withMourningDates?: boolean
  /** For tests and screenshots; the reader's own date otherwise. */
  today?: string
  className?: string
}

const listLength = 10

/**
 * The calendar-file writer (ics, its schema checker and hebcal's zmanim) loads on the first press
 * only. The file holds the next ten candle evenings that have not passed.
 */
async function addToCalendar(shortCode: string, bookUrl: string, fullName: string, yahrzeits: readonly Yahrzeit[]) {
  const name = deceasedReference(fullName)
  try {
    const { yahrzeitCalendar } = await import('@/domains/mourning-calendar/lib/yahrzeit-ics')
    const ics = yahrzeitCalendar({
      shortCode,
      calendarName: t('yahrzeit.calendarName'),
      title: () => t('yahrzeit.eventTitle', { name }),
      description: (y, time) =>
        t('yahrzeit.eventDescription', {
          hebrew: y.hebrew,
          date: mediumDate(y.date),
          n: y.anniversary,
          name,
          lighting: t(`yahrzeit.eventLighting.${y.candleLighting}`, { time }),
        }),
      url: bookUrl,
      yahrzeits,
    })
    openCalendarFile(t('yahrzeit.calendarFileName', { shortCode }), ics)
  } catch {
    toast.error(t('yahrzeit.calendarError'))
  }
}

/**
 * The yahrzeit of the book: the next one (Gregorian and Hebrew, and the evening the candle is
 * lit), 'add to calendar' for the next ten, and their list; on the owner's dashboard also the
 * shiva week and the shloshim.
 */
export function YahrzeitPanel(props: YahrzeitPanelProps) {
  const { shortCode, bookUrl, fullName, deathDate, afterSunset, withMourningDates = false, className } = props
  const today = props.today ?? isoToday()
  const [listOpen, setListOpen] = useState(false)
  const yahrzeits = nextYahrzeits(deathDate, afterSunset, today, listLength)
  const next = yahrzeits[0]
  const shiva = shivaWeek(deathDate, afterSunset)
  const shloshim = shloshimDate(deathDate, afterSunset)

  return (
    <section
      aria-labelledby="yahrzeit-title"
      data-testid="yahrzeit-panel"
      className={cn('rounded-2xl border border-gold-300 bg-gold-50 p-5 text-ink', className)}
    >
      <div className="flex items-start gap-3">
        <CandleIcon className="mt-1 size-7 shrink-0 text-gold-700" />
        <div className="flex flex-col gap-1">
          <h2 id="yahrzeit-title" className="font-serif text-lg font-bold text-ink">
            {t('yahrzeit.title')}
          </h2>
          <p className="text-sm text-ink-muted">{t('yahrzeit.nth', { n: next.anniversary })}</p>
          <p className="font-medium" data-testid="next-yahrzeit">
            {next.date === today ? t('yahrzeit.today') : t('yahrzeit.next', { date: longDate(next.date) })}
          </p>
          <p className="font-serif text-lg text-plum-800" data-testid="next-yahrzeit-hebrew">
            {next.hebrew}
          </p>
          <p className="text-sm text-ink-soft" data-testid="candle-evening">
            {next.date === today
              ? t('yahrzeit.candleToday')
              : t(`yahrzeit.candle.${next.candleLighting}`, { date: longDate(next.candleEvening) })}
          </p>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void addToCalendar(
              shortCode,
              bookUrl,
              fullName,
              nextCandleEvenings(deathDate, afterSunset, today, listLength),
            )
          }
        >
          {t('yahrzeit.addToCalendar')}
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={listOpen} onClick={() => setListOpen((open) => !open)}>
          {t('yahrzeit.listTitle')}
        </Button>
      </div>
      {diedInAdarOfCommonYear(deathDate, afterSunset) && (
        <p className="mt-3 text-sm text-ink-soft" data-testid="adar-rule">
          {t('yahrzeit.adarRule')}
        </p>
      )}
      {listOpen && (
        <ol className="mt-3 flex flex-col divide-y divide-gold-300/50 text-sm" data-testid="yahrzeit-list">
          {yahrzeits.map((y) => (
            <li key={y.hebrewYear} className="flex flex-wrap justify-between gap-x-3 py-1.5">
              <span>{mediumDate(y.date)}</span>
              <span className="font-serif text-plum-800">{y.hebrew}</span>
            </li>
          ))}
        </ol>
      )}

      {withMourningDates && (
        <dl className="mt-4 grid gap-1 border-t border-gold-300/60 pt-3 text-sm text-ink-soft">
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{t('shiva.title')}:</dt>
            <dd>{t('shiva.days', { start: mediumDate(shiva.start), end: mediumDate(shiva.end) })}</dd>
            <dd className="basis-full text-xs text-ink-muted" data-testid="shiva-count-rule">
              {t('shiva.countRule')}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2" data-testid="shloshim">
            <dt className="font-medium">{t('shloshim.title')}:</dt>
            <dd>{longDate(shloshim)}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}
