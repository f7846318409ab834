import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Label } from './Label'

/** Props to spread on the control inside a Field, so it is labelled and announces its error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
}

export interface FieldProps {
  label: ReactNode
  /** Hebrew error text from the catalogue; shown under the control and read by screen readers. */
  error?: string
  hint?: ReactNode
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/**
 * Label, control and error text, wired together:
 * `<Field label={t('x')} error={errors.email?.message}>{(control) => <Input {...control} />}</Field>`
 */
export function Field({ label, error, hint, className, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  )
}
