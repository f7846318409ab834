import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { RadioGroup, RadioGroupItem } from './RadioGroup'

function Choice({
  initial = '',
  disabled = false,
  onChange = () => {},
}: {
  initial?: string
  disabled?: boolean
  onChange?: (value: string) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <RadioGroup
      aria-label="colour"
      value={value}
      disabled={disabled}
      onValueChange={(next) => {
        setValue(next)
        onChange(next)
      }}
    >
      {['red', 'blue'].map((colour) => (
        <label key={colour} htmlFor={`c-${colour}`}>
          <RadioGroupItem id={`c-${colour}`} value={colour} />
          {colour}
        </label>
      ))}
    </RadioGroup>
  )
}

describe('RadioGroup', () => {
  it('is one named group whose checked radio follows the value', async () => {
    const onChange = vi.fn()
    render(<Choice initial="red" onChange={onChange} />)
    const group = screen.getByRole('radiogroup', { name: 'colour' })
    const red = screen.getByRole('radio', { name: 'red' })
    const blue = screen.getByRole('radio', { name: 'blue' })
    expect(group).toContainElement(red)
    expect(red).toHaveAttribute('name', blue.getAttribute('name'))
    expect(red).toBeChecked()

    await userEvent.click(screen.getByText('blue'))
    expect(onChange).toHaveBeenCalledWith('blue')
    expect(blue).toBeChecked()
    expect(red).not.toBeChecked()
  })

  it('starts with nothing chosen for an empty value, and a disabled group cannot be changed', async () => {
    const onChange = vi.fn()
    const { unmount } = render(<Choice />)
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([])
    unmount()

    render(<Choice initial="red" disabled onChange={onChange} />)
    await userEvent.click(screen.getByText('blue'))
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByRole('radio', { name: 'red' })).toBeChecked()
  })
})
