import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { wizardProgress, wizardStepCount, type WizardStep } from '../wizard'

/** "Step n of 3" and a bar that fills as the steps go by. */
export function WizardProgress({ step }: { step: WizardStep }) {
  const percent = wizardProgress(step)
  const text = t('onboarding.progress', { step, total: wizardStepCount })
  return (
    <div>
      <p className="text-sm font-medium text-plum-700">{text}</p>
      <div
        role="progressbar"
        aria-label={t('onboarding.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="mt-2 h-2 overflow-hidden rounded-full bg-plum-100"
      >
        <div
          className="h-full rounded-full bg-plum-700 transition-[width] duration-300 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
