import { lazy, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { Container } from '@/components/ui/Container'
import { t } from '@/i18n/he'
import { useNearViewport } from '@/lib/use-near-viewport'
import type { PlanWords } from '@shared/price-format.ts'
import { SectionHeading } from './SectionHeading'

// Below the fold: the accordion's code, in its own chunk, loads as the reader scrolls towards it.
const FaqAccordion = lazy(() =>
  import('@/components/faq/FaqAccordion').then((module) => ({ default: module.FaqAccordion })),
)

/** The questions at the foot of the landing page; the price answer names the prices the page read. */
export function LandingFaqSection({ prices }: { prices: PlanWords | null }) {
  const { ref, near } = useNearViewport<HTMLDivElement>()
  return (
    <section
      aria-labelledby="landing-faq-title"
      className="render-near-screen border-t border-line bg-surface/60 py-16 md:py-24"
    >
      <Container width="narrow">
        <SectionHeading id="landing-faq-title" title={t('landing.faq.title')} />
        <div ref={ref} className="mt-10 min-h-80">
          {near && (
            <Suspense fallback={null}>
              <FaqAccordion prices={prices} />
            </Suspense>
          )}
        </div>
        <p className="mt-6 text-center">
          <Link to="/faq" className="font-medium text-plum-700 underline-offset-4 hover:underline">
            {t('landing.faq.allQuestions')}
          </Link>
        </p>
      </Container>
    </section>
  )
}
