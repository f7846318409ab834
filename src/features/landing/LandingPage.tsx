import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { ClosingCallToAction } from './components/ClosingCallToAction'
import { FamilyValueSection } from './components/FamilyValueSection'
import { HeroSection } from './components/HeroSection'
import { HowItWorksSteps } from './components/HowItWorksSteps'
import { LandingFaqSection } from './components/LandingFaqSection'
import { PackagesSection } from './components/PackagesSection'
import { useEmailConfirmationRedirect } from './hooks/useEmailConfirmationRedirect'
import { usePackagesScrollRequest } from './hooks/usePackagesScrollRequest'

export default function LandingPage() {
  const isRedirecting = useEmailConfirmationRedirect()
  usePackagesScrollRequest()

  if (isRedirecting) return <ScreenLoading />

  return (
    <>
      <HeroSection />
      <FamilyValueSection />
      <HowItWorksSteps />
      <PackagesSection />
      <LandingFaqSection />
      <ClosingCallToAction />
    </>
  )
}
