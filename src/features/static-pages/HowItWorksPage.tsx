import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { tInfo as t } from '@/i18n/information-pages'
import { NumberedSections, type NumberedSection } from './NumberedSections'
import { StaticPageLayout } from './StaticPageLayout'

const stepIds = ['create', 'share', 'collect', 'keep'] as const

function howItWorksSteps(): NumberedSection[] {
  return stepIds.map((id) => ({ id, title: t(`howItWorks.${id}.title`), text: t(`howItWorks.${id}.text`) }))
}

export default function HowItWorksPage() {
  return (
    <StaticPageLayout title={t('howItWorks.title')} lead={t('howItWorks.lead')}>
      <NumberedSections sections={howItWorksSteps()} />
      <div className="mt-12 text-center">
        <Link to="/onboarding" className={buttonClasses({ size: 'lg' }, 'w-full sm:w-auto')}>
          {t('howItWorks.cta')}
        </Link>
      </div>
    </StaticPageLayout>
  )
}
