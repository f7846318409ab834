import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Toaster } from './Toaster'

describe('Toaster', () => {
  it('names its region in Hebrew for screen readers', () => {
    render(<Toaster />)
    const region = screen.getByRole('region')
    expect(region).toHaveAttribute('aria-label', 'התראות (Alt+T)')
  })
})
