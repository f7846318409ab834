import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import type { MyBook } from '@/domains/book/api/my-books'
import { tDashboard as t } from '@/i18n/dashboard'
import type { UnspentPayment } from '@/domains/payments/api/unspent-payments'

function Banner({ title, text, action, to }: { title: string; text: string; action: string; to: string }) {
  return (
    <section role="status" className="flex flex-col gap-3 rounded-2xl border border-gold-300 bg-gold-50 p-5">
      <h2 className="font-sans text-lg font-bold text-ink">{title}</h2>
      <p className="text-ink-soft">{text}</p>
      <Link to={to} className={buttonClasses({ size: 'md' }, 'self-start')}>
        {action}
      </Link>
    </section>
  )
}

/** The incomplete-payment banner for an unpaid book, and one for a paid purchase no book has used yet. */
export function PaymentBanners({ book, unspent }: { book: MyBook | null; unspent: UnspentPayment | undefined }) {
  return (
    <>
      {unspent && (
        <Banner
          title={t('banners.unspentTitle')}
          text={t('banners.unspentText')}
          action={t('banners.createFromPayment')}
          to={`/create-book?session_id=${encodeURIComponent(unspent.session_id)}&plan=${unspent.plan_type}&paid=true`}
        />
      )}
      {book && book.is_owner && !book.is_paid && (
        <Banner
          title={t('banners.unpaidTitle')}
          text={t('banners.unpaidText')}
          action={t('banners.completePayment')}
          to={`/payment?plan=${book.plan_type}&type=for_me&book=${book.id}`}
        />
      )}
    </>
  )
}
