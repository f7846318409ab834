import { Link } from 'react-router-dom'
import { Card } from '@/components/ui/Card'
import { buttonClasses } from '@/components/ui/button-classes'
import type { SavedOnboarding } from '@/domains/accounts/onboarding/onboarding-data'
import { tDashboard as t } from '@/i18n/dashboard'
import { withHonorific } from '@shared/honorific.ts'

function planOf(saved: SavedOnboarding): string {
  return saved.selectedPlan === 'basic' || saved.selectedPlan === 'full' ? saved.selectedPlan : 'pro'
}

/** Onboarding was answered but no book exists yet: continue to the plans, or start again. */
export function OnboardingResume({ saved }: { saved: SavedOnboarding }) {
  return (
    <Card className="flex flex-col items-start gap-4">
      <h2 className="text-2xl font-bold text-ink">{t('resume.title')}</h2>
      <p className="leading-relaxed text-ink-soft">
        {saved.deceasedName ? t('resume.lead', { name: withHonorific(saved.deceasedName) }) : t('resume.leadNoName')}
      </p>
      <div className="flex w-full flex-col gap-3 sm:flex-row">
        <Link to={`/payment?plan=${planOf(saved)}&type=for_me`} className={buttonClasses({ size: 'lg' })}>
          {t('resume.continue')}
        </Link>
        <Link to="/onboarding" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('resume.startOver')}
        </Link>
      </div>
    </Card>
  )
}
