import { useId } from 'react'
import { RadioGroup, RadioGroupItem } from '@/components/ui/RadioGroup'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { cn } from '@/lib/cn'
import { relationships, type Relationship } from '@/domains/accounts/onboarding/onboarding-storage'

export interface RelationshipStepProps {
  value: Relationship | null
  onChange: (relationship: Relationship) => void
  error?: string
}

function isRelationship(value: string): value is Relationship {
  return relationships.some((relationship) => relationship === value)
}

/** Step 1: who the book is for, as large options that are easy to tap. */
export function RelationshipStep({ value, onChange, error }: RelationshipStepProps) {
  const legendId = useId()
  const errorId = useId()
  return (
    <div>
      <h2 id={legendId} tabIndex={-1} className="text-2xl font-bold text-ink">
        {t('onboarding.relationship.title')}
      </h2>
      <p className="mt-2 leading-relaxed text-ink-soft">{t('onboarding.relationship.lead')}</p>
      <RadioGroup
        value={value ?? ''}
        onValueChange={(next) => isRelationship(next) && onChange(next)}
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={Boolean(error)}
        className="mt-5 grid-cols-1 gap-2.5 sm:grid-cols-2"
      >
        {relationships.map((relationship) => {
          const id = `${legendId}-${relationship}`
          return (
            <label
              key={relationship}
              htmlFor={id}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border bg-surface px-4 text-lg text-ink transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-plum-500',
                value === relationship ? 'border-plum-500 bg-plum-50' : 'border-line hover:border-plum-300',
              )}
            >
              <RadioGroupItem id={id} value={relationship} />
              {t(`onboarding.relationship.options.${relationship}`)}
            </label>
          )
        })}
      </RadioGroup>
      {error && (
        <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  )
}
