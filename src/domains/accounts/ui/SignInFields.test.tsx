import { render, screen } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { SignInFields, type SignInFieldsProps } from './SignInFields'

const labels = { email: 'כתובת מייל', password: 'סיסמה' }

function Form(props: Pick<SignInFieldsProps, 'passwordAutoComplete' | 'invalid'>) {
  const form = useForm({ defaultValues: { email: '', password: '' } })
  return (
    <form>
      <SignInFields labels={labels} email={form.register('email')} password={form.register('password')} {...props} />
    </form>
  )
}

describe('SignInFields', () => {
  it('labels an e-mail field the phone and the password manager recognise, and a hidden password', () => {
    render(<Form passwordAutoComplete="current-password" />)
    const email = screen.getByLabelText(labels.email)
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toHaveAttribute('autocomplete', 'email')
    expect(email).toHaveAttribute('dir', 'ltr')
    expect(email).toHaveAttribute('name', 'email')
    const password = screen.getByLabelText(labels.password, { selector: 'input' })
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'current-password')
    expect(email).toHaveAttribute('aria-invalid', 'false')
  })

  it('offers a new password when the same fields open an account, and marks the field an error is about', () => {
    render(<Form passwordAutoComplete="new-password" invalid={{ password: true }} />)
    const password = screen.getByLabelText(labels.password, { selector: 'input' })
    expect(password).toHaveAttribute('autocomplete', 'new-password')
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(labels.email)).toHaveAttribute('aria-invalid', 'false')
  })
})
