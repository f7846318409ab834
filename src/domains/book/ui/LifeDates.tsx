import { tDates } from '@/i18n/dates'
import { formatDisplayDate } from '@/lib/dates'

export interface LifeDatesProps {
  birthDate: string | null | undefined
  deathDate: string | null | undefined
  className?: string
  'data-testid'?: string
}

/**
 * Birth – death as DD/MM/YYYY, in the page's right-to-left order: the birth date is read first, on
 * the right. Each date is isolated left to right (its digits and slashes), the line itself is not,
 * which would put the birth date on the left. A single known date is shown alone.
 */
export function LifeDates({ birthDate, deathDate, className, 'data-testid': testId }: LifeDatesProps) {
  if (!birthDate && !deathDate) return null
  // One date known: that date alone, with no dash left hanging beside an empty one.
  if (!birthDate || !deathDate) {
    return (
      <p dir="rtl" className={className} data-testid={testId}>
        <bdi dir="ltr">{formatDisplayDate(birthDate || deathDate)}</bdi>
      </p>
    )
  }
  const [before, between] = tDates('lifespan', { birth: '\u0000', death: '\u0000' }).split('\u0000')
  return (
    <p dir="rtl" className={className} data-testid={testId}>
      {before}
      <bdi dir="ltr">{formatDisplayDate(birthDate)}</bdi>
      {between}
      <bdi dir="ltr">{formatDisplayDate(deathDate)}</bdi>
    </p>
  )
}
