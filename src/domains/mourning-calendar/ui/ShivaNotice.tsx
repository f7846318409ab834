import type { ReactNode } from 'react'
import { tMourning as t } from '@/domains/mourning-calendar/strings/mourning'
import { deceasedReference } from '@shared/honorific.ts'
import { shivaDetailsOf, useBookCalendar, type ShivaDetails } from '../api/book-calendar'
import { mediumDate } from '../lib/format'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-medium text-plum-700">{label}</dt>
      <dd className="text-lg leading-relaxed text-ink">{children}</dd>
    </div>
  )
}

const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08FF]/

/**
 * Hours typed as digits and dashes ('10:00–13:00, 17:00–21:00') read left to right: in a Hebrew
 * line the bidi rules would turn each range around. Text with Hebrew in it keeps the page's order.
 */
function Hours({ text }: { text: string }) {
  return <bdi dir={RIGHT_TO_LEFT_LETTER.test(text) ? 'rtl' : 'ltr'}>{text}</bdi>
}

/** Where and when the family sits shiva, on the share page and in the book during the shiva days. */
function ShivaNotice({ shiva, fullName }: { shiva: ShivaDetails; fullName: string }) {
  return (
    <section
      aria-labelledby="shiva-title"
      data-testid="shiva-notice"
      className="rounded-3xl border-2 border-plum-200 bg-plum-50 px-6 py-5"
    >
      <h2 id="shiva-title" className="font-serif text-2xl font-bold text-plum-800">
        {t('shiva.title')}
      </h2>
      <p className="mt-1 text-ink-soft">{t('shiva.during', { name: deceasedReference(fullName) })}</p>
      <dl className="mt-4 flex flex-col gap-3">
        <Detail label={t('shiva.address')}>{shiva.address}</Detail>
        <Detail label={t('shiva.daysLabel')}>
          {t('shiva.days', { start: mediumDate(shiva.startsOn), end: mediumDate(shiva.endsOn) })}
        </Detail>
        {shiva.visitingHours && (
          <Detail label={t('shiva.hours')}>
            <Hours text={shiva.visitingHours} />
          </Detail>
        )}
        {shiva.note && <Detail label={t('shiva.note')}>{shiva.note}</Detail>}
      </dl>
      {shiva.mapUrl && (
        <a
          href={shiva.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex h-11 items-center rounded-full bg-plum-700 px-5 font-medium text-white hover:bg-plum-800"
        >
          {t('shiva.map')}
        </a>
      )}
    </section>
  )
}

/**
 * The book's shiva details when the server gives them: to anyone with the link during the shiva
 * days, to the family always. Nothing while they load or when there are none.
 */
export function BookShivaNotice({
  bookRef,
  fullName,
  accessGrant = null,
}: {
  bookRef: string
  fullName: string
  accessGrant?: string | null
}) {
  const shiva = shivaDetailsOf(useBookCalendar(bookRef, accessGrant).data)
  return shiva ? <ShivaNotice shiva={shiva} fullName={fullName} /> : null
}
