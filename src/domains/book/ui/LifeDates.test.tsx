import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LifeDates } from './LifeDates'

describe('LifeDates', () => {
  it('keeps the line right to left, each date isolated left to right, birth first', () => {
    render(<LifeDates birthDate="1950-03-14" deathDate="2025-08-03" data-testid="dates" />)
    const line = screen.getByTestId('dates')
    expect(line).toHaveAttribute('dir', 'rtl')
    expect(line).toHaveTextContent('14/03/1950 – 03/08/2025')
    const parts = line.querySelectorAll('bdi[dir="ltr"]')
    expect([...parts].map((part) => part.textContent)).toEqual(['14/03/1950', '03/08/2025'])
  })

  it.each([
    ['without a birth date', null, '2025-08-03', '03/08/2025'],
    ['without a death date', '1950-03-14', null, '14/03/1950'],
  ])('shows the one date alone %s, with no dangling dash', (_case, birthDate, deathDate, shown) => {
    render(<LifeDates birthDate={birthDate} deathDate={deathDate} data-testid="dates" />)
    expect(screen.getByTestId('dates').textContent).toBe(shown)
  })

  it('shows nothing without dates', () => {
    const { container } = render(<LifeDates birthDate={null} deathDate={null} />)
    expect(container).toBeEmptyDOMElement()
  })
})
