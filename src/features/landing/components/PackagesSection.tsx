import { Container } from '@/components/ui/Container'
import { t } from '@/i18n/he'
import { planOffers } from '@/entities/plan/plan-catalogue'
import { packagesSectionId } from '../hooks/usePackagesScrollRequest'
import { PlanCard } from './PlanCard'
import { SectionHeading } from './SectionHeading'

export function PackagesSection() {
  return (
    <section id={packagesSectionId} aria-labelledby="packages-title" className="scroll-mt-20 py-16 md:py-24">
      <Container>
        <SectionHeading id="packages-title" title={t('packages.title')} lead={t('packages.lead')} />
        <ul className="mx-auto mt-12 grid max-w-3xl gap-6 md:grid-cols-2">
          {planOffers.map((offer) => (
            <li key={offer.id} className="flex">
              <PlanCard offer={offer} />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
