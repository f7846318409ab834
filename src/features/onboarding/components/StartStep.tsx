import { CheckIcon } from '@/components/ui/icons'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'

const points = ['minute', 'share', 'family'] as const

/** Step 3: the book's name, what comes next, and the start button (below, in the wizard's actions). */
export function StartStep({ deceasedName }: { deceasedName: string }) {
  return (
    <div>
      <h2 tabIndex={-1} className="text-2xl font-bold text-ink">
        {t('onboarding.start.title', { name: deceasedName.trim() })}
      </h2>
      <p className="mt-3 leading-relaxed text-ink-soft">{t('onboarding.start.lead')}</p>
      <ul className="mt-5 flex flex-col gap-3">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-3 text-ink-soft">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-gold-700" />
            <span>{t(`onboarding.start.points.${point}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
