import { buttonClasses } from '@/components/ui/button-classes'
import { supportMailto } from '@/config/brand'
import { faqEntries } from '@/components/faq/faq-entries'
import { tFaq } from '@/i18n/faq'
import { StaticPageLayout } from './StaticPageLayout'
import { IsolatedEmails } from '@/components/ui/IsolatedEmails'
import { priceWordsOf, usePublicPlanPrices } from '@/domains/payments/plans/use-public-plan-prices'

export default function FaqPage() {
  const prices = priceWordsOf(usePublicPlanPrices())
  return (
    <StaticPageLayout title={tFaq('title')} lead={tFaq('lead')}>
      <dl className="flex flex-col gap-5">
        {faqEntries(prices).map((entry) => (
          <div key={entry.id} className="rounded-2xl border border-line bg-surface p-6 shadow-soft">
            <dt className="font-serif text-xl font-bold text-ink">{entry.question}</dt>
            <dd className="mt-2 text-lg leading-relaxed text-ink-soft">
              <IsolatedEmails text={entry.answer} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-10 text-center">
        <a href={supportMailto()} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {tFaq('contactCta')}
        </a>
      </div>
    </StaticPageLayout>
  )
}
