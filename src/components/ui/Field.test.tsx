import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from './Field'
import { Input } from './Input'

describe('Field', () => {
  it('labels its control and announces the error', () => {
    render(
      <Field label="e-mail" error="required">
        {(control) => <Input {...control} />}
      </Field>,
    )
    const input = screen.getByLabelText('e-mail')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('required')
    expect(screen.getByRole('alert')).toHaveTextContent('required')
  })

  it('is valid without an error', () => {
    render(<Field label="name">{(control) => <Input {...control} />}</Field>)
    const input = screen.getByLabelText('name')
    expect(input).toHaveAttribute('aria-invalid', 'false')
    expect(input).not.toHaveAttribute('aria-describedby')
  })
})
