import { HebrewDeathDate, useBookCalendar, YahrzeitPanel } from '@/domains/mourning-calendar'
import { viewBookUrl } from '@/domains/book/lib/book-links'
import { LifeDates } from '@/domains/book/ui/LifeDates'
import { SizedImage } from '@/components/ui/SizedImage'
import type { MyBook } from '@/domains/book/api/my-books'
import { tDashboard as t } from '@/i18n/dashboard'
import { formatDisplayDate, isoToday } from '@/lib/dates'
import { withHonorific } from '@shared/honorific.ts'
import { shloshimDate } from '@/domains/mourning-calendar/lib/mourning-calendar'

/** The shloshim's date (day 30 of mourning), and that the book stays open after it: a note, not a deadline. */
function ShloshimNote({ deathDate, afterSunset }: { deathDate: string; afterSunset: boolean }) {
  const shloshim = shloshimDate(deathDate, afterSunset)
  const text =
    shloshim >= isoToday()
      ? t('profile.shloshim', { date: formatDisplayDate(shloshim) })
      : t('profile.shloshimPassed', { date: formatDisplayDate(shloshim) })
  return <p className="rounded-2xl bg-gold-50 px-4 py-2 text-sm leading-relaxed text-gold-700">{text}</p>
}

/**
 * The book's profile card: background picture, photo, the name with the deceased
 * honorific, dates (with the Hebrew date of death), quote, who created it, the shloshim's date, and the yahrzeit with the shiva week and the shloshim.
 */
export function BookProfileCard({ book }: { book: MyBook }) {
  const name = withHonorific(book.full_name)
  const calendar = useBookCalendar(book.id).data
  const afterSunset = calendar?.died_after_sunset ?? false
  return (
    <section
      aria-labelledby="book-name"
      className="overflow-hidden rounded-2xl border border-line bg-surface shadow-soft"
    >
      <div
        className="h-28 bg-linear-to-b from-plum-100 to-plum-50 bg-cover bg-center md:h-36"
        style={book.background_image_url ? { backgroundImage: `url("${book.background_image_url}")` } : undefined}
      />
      <div className="flex flex-col items-center gap-3 px-6 pb-6 text-center">
        <div className="-mt-14 size-28 overflow-hidden rounded-full border-4 border-surface bg-plum-50 shadow-soft">
          {book.profile_image_url && (
            <SizedImage
              src={book.profile_image_url}
              variant={240}
              alt={t('profile.photoAlt', { name: book.full_name })}
              className="size-full object-cover"
            />
          )}
        </div>
        <h2 id="book-name" data-testid="book-name" className="text-3xl font-bold text-ink">
          {name}
        </h2>
        <LifeDates
          birthDate={book.birth_date}
          deathDate={book.death_date}
          data-testid="book-dates"
          className="text-lg text-ink-soft"
        />
        {calendar && (
          <HebrewDeathDate
            deathDate={book.death_date}
            afterSunset={afterSunset}
            className="-mt-2 text-lg text-plum-800"
          />
        )}
        {/* No quote chosen: none shown, rather than a default that may not fit the deceased. */}
        {book.memory_quote && <blockquote className="font-serif text-xl text-plum-800">{book.memory_quote}</blockquote>}
        {book.creator_name && (
          <p className="text-sm text-ink-muted">{t('profile.createdBy', { name: book.creator_name })}</p>
        )}
        <p className="text-sm text-ink-muted">{t('profile.memoryCount', { count: book.memory_count })}</p>
        {book.death_date && calendar && <ShloshimNote deathDate={book.death_date} afterSunset={afterSunset} />}
        {book.death_date && calendar && (
          <YahrzeitPanel
            shortCode={book.short_code}
            bookUrl={viewBookUrl(book.short_code)}
            fullName={book.full_name ?? ''}
            deathDate={book.death_date}
            afterSunset={afterSunset}
            withMourningDates
            className="w-full text-start"
          />
        )}
      </div>
    </section>
  )
}
