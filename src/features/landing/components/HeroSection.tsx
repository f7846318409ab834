import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { Container } from '@/components/ui/Container'
import { brandParams } from '@/config/brand'
import { t } from '@/i18n/he'
import { shekels } from '@shared/price-format.ts'
import { packagesSectionId } from '../hooks/usePackagesScrollRequest'
import { lowestPrice, type PricesState } from '@/domains/payments/plans/use-public-plan-prices'

/** The prerendered page says how a book is paid for; the amount follows when the prices arrive. */
export function HeroSection({ prices }: { prices: PricesState }) {
  const from = lowestPrice(prices)
  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-b from-plum-50/70 to-canvas">
      <Container className="flex flex-col items-center pt-14 pb-12 text-center md:pt-24 md:pb-16">
        <p className="text-sm font-medium tracking-wide text-gold-700">{t('landing.hero.eyebrow')}</p>
        <h1
          id="hero-title"
          className="mt-4 max-w-3xl text-4xl leading-tight font-bold text-ink md:text-6xl md:leading-tight"
        >
          {t('landing.hero.title')}
        </h1>
        <p className="mt-6 max-w-prose text-lg leading-relaxed text-ink-soft md:text-xl">
          {t('landing.hero.lead', brandParams)}
        </p>
        <div className="mt-10 flex w-full flex-col items-center gap-3 sm:w-auto sm:flex-row">
          <Link to="/onboarding" className={buttonClasses({ size: 'lg' }, 'w-full sm:w-auto')}>
            {t('landing.hero.cta')}
          </Link>
          <a
            href={`#${packagesSectionId}`}
            className={buttonClasses({ variant: 'ghost', size: 'lg' }, 'w-full sm:w-auto')}
          >
            {t('landing.hero.secondaryCta')}
          </a>
        </div>
        <p className="mt-4 text-sm text-ink-muted" data-testid="hero-price">
          {from === null ? t('landing.hero.price') : t('landing.hero.priceFrom', { amount: shekels(from) })}
        </p>
      </Container>
    </section>
  )
}
