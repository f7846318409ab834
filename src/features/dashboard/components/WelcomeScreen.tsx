import { Link } from 'react-router-dom'
import { Card } from '@/components/ui/Card'
import { buttonClasses } from '@/components/ui/button-classes'
import { tDashboard as t } from '@/i18n/dashboard'

/** First visit without a book: create one, or give one as a gift. */
export function WelcomeScreen() {
  return (
    <Card className="flex flex-col items-start gap-4">
      <h2 className="text-2xl font-bold text-ink">{t('welcome.title')}</h2>
      <p className="leading-relaxed text-ink-soft">{t('welcome.lead')}</p>
      <div className="flex w-full flex-col gap-3 sm:flex-row">
        <Link to="/onboarding" className={buttonClasses({ size: 'lg' })}>
          {t('welcome.createBook')}
        </Link>
        <Link to="/select-plan?gift=true&type=gift" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('welcome.giveGift')}
        </Link>
      </div>
    </Card>
  )
}
