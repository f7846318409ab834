import { useState, type ChangeEvent, type Ref } from 'react'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { tDates } from '@/i18n/dates'
import { formatDisplayDate, maxDateInputLength, parseDateInput, sanitizeDateInput, type DateKind } from '@/lib/dates'

export interface DateFieldProps {
  label: string
  kind: DateKind
  /** The text as typed (DD/MM/YY and the other accepted forms). */
  value: string
  onChange: (text: string) => void
  onBlur?: () => void
  /** The form's message for this field (from the same parser), shown until the text changes. */
  error?: string
  name?: string
  disabled?: boolean
  /** The input, so a form can focus the first field in error. */
  ref?: Ref<HTMLInputElement>
  /** Told when a death date in the future was cleared, so the form saves nothing until a new one is typed. */
  onFutureCleared?: () => void
}

/**
 * A birth or death date typed as text: only digits and slashes are kept (dots and
 * dashes become slashes). On leaving the field a valid date is shown as DD/MM/YYYY; a date that breaks
 * a rule stays as typed with its message for the user to fix (the form refuses to save it), except a
 * death date in the future, which is cleared after its message.
 */
export function DateField(props: DateFieldProps) {
  const { label, kind, value, onChange, onBlur, error, name, disabled, ref, onFutureCleared } = props
  const [leaveNotice, setLeaveNotice] = useState<string | undefined>()

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setLeaveNotice(undefined)
    onChange(sanitizeDateInput(event.target.value))
  }

  const leave = () => {
    const parsed = parseDateInput(value, kind)
    if (!parsed.ok) {
      setLeaveNotice(parsed.message)
      // A death date in the future cannot be a typo to fix in place: it is cleared, its message stays.
      if (parsed.error === 'futureDeath') {
        onChange('')
        onFutureCleared?.()
      }
    } else if (parsed.ok && parsed.iso) {
      onChange(formatDisplayDate(parsed.iso))
    }
    onBlur?.()
  }

  return (
    <Field label={label} error={leaveNotice ?? error} hint={tDates('hint')}>
      {(control) => (
        <Input
          {...control}
          ref={ref}
          name={name}
          value={value}
          onChange={change}
          onBlur={leave}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          className="text-start"
          placeholder={tDates('placeholder')}
          maxLength={maxDateInputLength}
          disabled={disabled}
        />
      )}
    </Field>
  )
}
