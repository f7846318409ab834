import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DateKind } from '@/lib/dates'
import { DateField } from './DateField'

function Harness({ kind, initial = '' }: { kind: DateKind; initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateField label="תאריך" kind={kind} value={value} onChange={setValue} />
      <button type="button">אחר</button>
      <output data-testid="value">{value}</output>
    </>
  )
}

describe('DateField', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps only digits and slashes, turning dots and dashes into slashes', async () => {
    render(<Harness kind="birth" />)
    await userEvent.type(screen.getByLabelText('תאריך'), '14.3-4a8')
    expect(screen.getByTestId('value')).toHaveTextContent('14/3/48')
  })

  it('shows a valid date as DD/MM/YYYY when leaving the field', async () => {
    render(<Harness kind="birth" />)
    await userEvent.type(screen.getByLabelText('תאריך'), '4/3/1948')
    await userEvent.click(screen.getByRole('button', { name: 'אחר' }))
    expect(screen.getByLabelText('תאריך')).toHaveValue('04/03/1948')
  })

  it('keeps the four-digit year of someone born before 1931', async () => {
    render(<Harness kind="birth" />)
    await userEvent.type(screen.getByLabelText('תאריך'), '5/6/1925')
    await userEvent.click(screen.getByRole('button', { name: 'אחר' }))
    expect(screen.getByLabelText('תאריך')).toHaveValue('05/06/1925')
  })

  it('clears a death date in the future and says why, until the next keystroke', async () => {
    render(<Harness kind="death" />)
    const input = screen.getByLabelText('תאריך')
    await userEvent.type(input, '30/11/26')
    await userEvent.click(screen.getByRole('button', { name: 'אחר' }))
    expect(input).toHaveValue('')
    expect(screen.getByTestId('value')).toHaveTextContent('')
    expect(screen.getByRole('alert')).toHaveTextContent('תאריך הפטירה לא יכול להיות בעתיד')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(input, '2')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('gives a death date in a later year the future-date message', async () => {
    render(<Harness kind="death" />)
    const input = screen.getByLabelText('תאריך')
    await userEvent.type(input, '1/1/27')
    await userEvent.click(screen.getByRole('button', { name: 'אחר' }))
    expect(input).toHaveValue('')
    expect(screen.getByRole('alert')).toHaveTextContent('תאריך הפטירה לא יכול להיות בעתיד')
  })

  it('leaves an invalid date as typed for the form to report', async () => {
    render(<Harness kind="birth" />)
    await userEvent.type(screen.getByLabelText('תאריך'), '31/2/48')
    await userEvent.click(screen.getByRole('button', { name: 'אחר' }))
    expect(screen.getByLabelText('תאריך')).toHaveValue('31/2/48')
  })

  it("shows the form's error", () => {
    render(<DateField label="תאריך" kind="birth" value="31/2/48" onChange={() => {}} error="תאריך לא קיים" />)
    expect(screen.getByRole('alert')).toHaveTextContent('תאריך לא קיים')
  })
})
