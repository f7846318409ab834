import { tMourning as t } from '@/domains/mourning-calendar/strings/mourning'
import { cn } from '@/lib/cn'
import { hebrewDeathDateText } from '@/domains/mourning-calendar/lib/mourning-calendar'
import { useBookCalendar } from '../api/book-calendar'

export interface HebrewDeathDateProps {
  deathDate: string | null | undefined
  afterSunset: boolean
  className?: string
}

/** The Hebrew date of death in Hebrew numerals (e.g. 15 Adar 5786 in Hebrew letters), for beside the Gregorian dates. */
export function HebrewDeathDate({ deathDate, afterSunset, className }: HebrewDeathDateProps) {
  if (!deathDate) return null
  return (
    <p className={cn('font-serif', className)} data-testid="hebrew-death-date" title={t('hebrewDate.label')}>
      {hebrewDeathDateText(deathDate, afterSunset)}
    </p>
  )
}

/** The same, for a page that knows only the book: its calendar says whether the death was after sunset. */
export function BookHebrewDeathDate({ bookRef, className }: { bookRef: string; className?: string }) {
  const calendar = useBookCalendar(bookRef)
  if (!calendar.data) return null
  return (
    <HebrewDeathDate
      deathDate={calendar.data.death_date}
      afterSunset={calendar.data.died_after_sunset}
      className={className}
    />
  )
}
