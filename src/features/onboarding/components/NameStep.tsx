import { NAME_MAX } from '@contracts/limits.ts'
import { useEffect, useRef } from 'react'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'

export interface NameStepProps {
  value: string
  onChange: (name: string) => void
  onSubmit: () => void
  error?: string
}

/** Step 2: the deceased's name. Enter moves on, like the button. */
export function NameStep({ value, onChange, onSubmit, error }: NameStepProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => inputRef.current?.focus(), [])
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <h2 tabIndex={-1} className="text-2xl font-bold text-ink">
        {t('onboarding.name.title')}
      </h2>
      <p className="mt-2 leading-relaxed text-ink-soft">{t('onboarding.name.lead')}</p>
      <Field label={t('onboarding.name.label')} error={error} className="mt-5">
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={t('onboarding.name.placeholder')}
            autoComplete="off"
            maxLength={NAME_MAX}
            enterKeyHint="next"
          />
        )}
      </Field>
    </form>
  )
}
