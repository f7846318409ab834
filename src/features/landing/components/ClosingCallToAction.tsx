import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { CandleIcon } from '@/components/ui/icons'
import { Container } from '@/components/ui/Container'
import { t } from '@/i18n/he'

export function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-title" className="render-near-screen bg-plum-800 py-16 text-white md:py-20">
      <Container className="flex flex-col items-center text-center">
        <CandleIcon className="size-9 text-gold-300" />
        <h2 id="closing-title" className="mt-4 max-w-2xl text-3xl font-bold md:text-4xl">
          {t('landing.closing.title')}
        </h2>
        <p className="mt-4 max-w-prose text-lg leading-relaxed text-plum-100">{t('landing.closing.text')}</p>
        <Link to="/onboarding" className={buttonClasses({ variant: 'inverse', size: 'lg' }, 'mt-8 w-full sm:w-auto')}>
          {t('landing.closing.cta')}
        </Link>
      </Container>
    </section>
  )
}
