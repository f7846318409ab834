import { useId } from 'react'
import { RadioGroup, RadioGroupItem } from '@/components/ui/RadioGroup'
import { relationFormKeys, relationValue, type RelationFormKey } from '@/domains/memories/lib/relations'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'

export interface RelationChoiceProps {
  value: RelationFormKey | ''
  onChange: (value: RelationFormKey) => void
  error?: string
  disabled: boolean
}

/** The writer's relation to the deceased, as large tappable choices. */
export function RelationChoice({ value, onChange, error, disabled }: RelationChoiceProps) {
  const id = useId()
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink-soft">{t('fields.relation')}</legend>
      <RadioGroup
        value={value}
        onValueChange={(next) => onChange(next as RelationFormKey)}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        className="grid-cols-2 gap-2"
      >
        {relationFormKeys.map((key) => (
          <label
            key={key}
            htmlFor={`${id}-${key}`}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-3 text-ink transition-colors has-[:checked]:border-plum-600 has-[:checked]:bg-plum-50"
          >
            <RadioGroupItem id={`${id}-${key}`} value={key} />
            {relationValue(key)}
          </label>
        ))}
      </RadioGroup>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </fieldset>
  )
}
