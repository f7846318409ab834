import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tBooks } from '@/domains/book/strings/books'
import { tDates } from '@/i18n/dates'
import { emptyBookDetails } from '../schemas/book-details'
import { BookDetailsForm } from './BookDetailsForm'

function renderForm(onSubmit = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BookDetailsForm
        userId="user-1"
        defaultValues={{ ...emptyBookDetails, full_name: 'רחל כהן', creator_name: 'מיכל' }}
        defaultImages={{ profile_image_url: null, background_image_url: null }}
        withBackground={false}
        submitLabel="שמירה"
        busyLabel="שומר"
        busy={false}
        onSubmit={onSubmit}
      />
    </QueryClientProvider>,
  )
  return onSubmit
}

describe('BookDetailsForm dates on save', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each(['30/12/26', '30/12/27'])(
    'a death date %s in the future typed and saved at once: nothing saved, the date cleared, the reason shown',
    async (typed) => {
      const onSubmit = renderForm()
      const deathDate = screen.getByLabelText(tBooks('fields.deathDate'))
      await userEvent.type(deathDate, typed)
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }))
      expect(onSubmit).not.toHaveBeenCalled()
      expect(deathDate).toHaveValue('')
      expect(screen.getByRole('alert')).toHaveTextContent(tDates('errors.futureDeath'))
      // Saving again without a new date still saves nothing; a past date then saves.
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }))
      expect(onSubmit).not.toHaveBeenCalled()
      await userEvent.type(deathDate, '2/10/26')
      await userEvent.click(screen.getByRole('button', { name: 'שמירה' }))
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ death_date: '2026-10-02' }), expect.anything())
    },
  )

  it('saves a past death date', async () => {
    const onSubmit = renderForm()
    await userEvent.type(screen.getByLabelText(tBooks('fields.deathDate')), '2/10/26')
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ death_date: '2026-10-02' }), expect.anything())
  })
})

describe('BookDetailsForm quote', () => {
  it('offers the quote for a man and for a woman, and saves the one chosen', async () => {
    const onSubmit = renderForm()
    const quote = screen.getByLabelText(tBooks('fields.quote'))
    expect(quote).toHaveValue('')
    const suggestions = screen.getByRole('group', { name: tBooks('fields.quoteSuggestions') })
    await userEvent.click(within(suggestions).getByRole('button', { name: 'זיכרונה לברכה' }))
    expect(quote).toHaveValue('זיכרונה לברכה')
    await userEvent.click(screen.getByRole('button', { name: 'שמירה' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ memory_quote: 'זיכרונה לברכה' }), expect.anything())
  })
})
