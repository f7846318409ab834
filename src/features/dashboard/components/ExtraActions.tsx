import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { tDashboard as t } from '@/i18n/dashboard'

/**
 * Another book for me, or a book as a gift. Someone without a book yet is not
 * offered 'another' one.
 */
export function ExtraActions({ withAnotherBook = true }: { withAnotherBook?: boolean }) {
  return (
    <section aria-labelledby="extra-actions-title" className="flex flex-col gap-4">
      <h2 id="extra-actions-title" className="text-2xl font-bold text-ink">
        {t('extra.title')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row">
        {withAnotherBook && (
          <Link to="/select-plan?type=additional_book" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('extra.anotherBook')}
          </Link>
        )}
        <Link to="/select-plan?gift=true&type=gift" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('extra.buyGift')}
        </Link>
      </div>
    </section>
  )
}
