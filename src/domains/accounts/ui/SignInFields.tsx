import type { UseFormRegisterReturn } from 'react-hook-form'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { PasswordInput } from '@/domains/accounts/ui/PasswordInput'

export interface SignInFieldsProps {
  /** The labels of the screen's own catalogue. */
  labels: { email: string; password: string }
  email: UseFormRegisterReturn
  password: UseFormRegisterReturn
  /** 'new-password' when the same fields open an account. */
  passwordAutoComplete: 'current-password' | 'new-password'
  /** Which field a validation error is about; the error text itself is shown once, above the fields. */
  invalid?: { email?: boolean; password?: boolean }
}

/** The e-mail and password fields of every screen that signs in (login, joining as a family admin). */
export function SignInFields({ labels, email, password, passwordAutoComplete, invalid }: SignInFieldsProps) {
  return (
    <>
      <Field label={labels.email}>
        {(control) => (
          <Input
            {...control}
            aria-invalid={Boolean(invalid?.email)}
            {...email}
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            className="text-end"
          />
        )}
      </Field>
      <Field label={labels.password}>
        {(control) => (
          <PasswordInput
            {...control}
            aria-invalid={Boolean(invalid?.password)}
            {...password}
            autoComplete={passwordAutoComplete}
          />
        )}
      </Field>
    </>
  )
}
