import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { ClosingCallToAction } from './components/ClosingCallToAction'
import { FamilyValueSection } from './components/FamilyValueSection'
import { HeroSection } from './components/HeroSection'
import { HowItWorksSteps } from './components/HowItWorksSteps'
import { LandingFaqSection } from './components/LandingFaqSection'
import { PackagesSection } from './components/PackagesSection'
import { useEmailConfirmationRedirect } from './hooks/useEmailConfirmationRedirect'
import { usePackagesScrollRequest } from './hooks/usePackagesScrollRequest'
import { priceWordsOf, usePublicPlanPrices } from '@/domains/payments/plans/use-public-plan-prices'

export default function LandingPage() {
  const isRedirecting = useEmailConfirmationRedirect()
  usePackagesScrollRequest()
  const prices = usePublicPlanPrices()

  if (isRedirecting) return <ScreenLoading />

  return (
    <>
      <HeroSection prices={prices} />
      <FamilyValueSection />
      <HowItWorksSteps />
      <PackagesSection prices={prices} />
      <LandingFaqSection prices={priceWordsOf(prices)} />
      <ClosingCallToAction />
    </>
  )
}
