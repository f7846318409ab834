import { Link, useSearchParams } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import { CheckIcon } from '@/components/ui/icons'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { useGiftOf } from '@/domains/gift/api/gifts'
import { confirmedPayment, usePaymentSession } from '@/domains/payments/api/payment-session'
import { BusyNote } from './components/BusyNote'
import { GiftCodeCard } from '@/domains/gift/ui/GiftCodeCard'

function GiftCreated() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id')
  const gift = useGiftOf(sessionId)
  // The server's record of the checkout, never the URL, decides whether payment is mentioned.
  const payment = confirmedPayment(usePaymentSession(sessionId).data)
  const banner =
    payment === 'paid' ? t('created.banner') : payment === 'free' ? t('created.freeBanner') : t('created.readyBanner')

  let body
  if (gift.isLoading) body = <BusyNote label={t('created.updating')} />
  else if (!gift.data?.gift_code) body = <Card className="text-ink-soft">{t('created.notFound')}</Card>
  else {
    const data = gift.data
    body = (
      <>
        <p
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-800"
        >
          <CheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {banner}
        </p>
        <Card className="flex flex-col gap-5">
          {data.gift_recipient_name && (
            <p className="text-lg font-medium text-ink">
              {t('created.forRecipient', { name: data.gift_recipient_name })}
            </p>
          )}
          <GiftCodeCard
            code={data.gift_code ?? ''}
            message={
              data.full_name
                ? {
                    recipientName: data.gift_recipient_name,
                    purchaserName: data.purchaser_name,
                    deceasedName: data.full_name,
                  }
                : null
            }
          />
        </Card>
      </>
    )
  }
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-10 md:py-14">
      <PageHeading title={t('created.title')} />
      {body}
      <Link to="/dashboard?view=purchases" className={buttonClasses({ variant: 'secondary' })}>
        {t('created.backToPurchases')}
      </Link>
      <p className="text-center text-sm text-ink-muted">{t('created.footer')}</p>
    </Container>
  )
}

/** /gift-created (session_id, paid=true): the purchaser's gift, ready to send. */
export default function GiftCreatedPage() {
  return <GiftCreated />
}
