import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { remembranceKeys } from '@/domains/remembrance/api/remembrance-keys'
import { remembranceStrings as strings } from '@/domains/remembrance/strings/remembrance'
import { CandleLighter } from './CandleLighter'
import { ReminderSubscribe } from './ReminderSubscribe'

const api = vi.hoisted(() => ({
  fetchCandles: vi.fn(),
  lightCandle: vi.fn(),
  subscribeToReminders: vi.fn(),
}))

vi.mock('@/domains/remembrance/api/remembrance', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/domains/remembrance/api/remembrance')>()
  return {
    ...original,
    candlesQueryOptions: (bookRef: string, grant: string | null) => ({
      queryKey: remembranceKeys.candleState(bookRef, grant),
      queryFn: () => api.fetchCandles(bookRef, grant) as Promise<unknown>,
    }),
    lightCandle: api.lightCandle,
    subscribeToReminders: api.subscribeToReminders,
  }
})

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>)
}

describe('CandleLighter', () => {
  beforeEach(() => vi.resetAllMocks())

  it('lights a candle with the name given and shows the new count', async () => {
    api.fetchCandles.mockResolvedValue({ count: 141, lit_today: false })
    api.lightCandle.mockResolvedValue({ ok: true, reason: 'lit', count: 142, lit_today: true })
    withQueries(<CandleLighter bookRef="RACHEL23" name="רחל" accessGrant="grant-1" />)

    expect(await screen.findByText('141 נרות הודלקו')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(strings.candle.nameLabel), 'מיכל')
    await userEvent.click(screen.getByRole('button', { name: strings.candle.light }))

    expect(await screen.findByText('142 נרות הודלקו')).toBeInTheDocument()
    expect(screen.getByText(strings.candle.litToday)).toBeInTheDocument()
    expect(screen.getByRole('img', { name: strings.candle.flameLabel })).toBeInTheDocument()
    expect(api.lightCandle).toHaveBeenCalledWith('RACHEL23', 'מיכל', 'grant-1')
  })

  it('shows nothing to a visitor who may not see the candles', async () => {
    api.fetchCandles.mockResolvedValue(null)
    const { container } = withQueries(<CandleLighter bookRef="PRIVATE1" name="רחל" />)
    await vi.waitFor(() => expect(api.fetchCandles).toHaveBeenCalled())
    expect(container).toBeEmptyDOMElement()
  })
})

describe('ReminderSubscribe', () => {
  beforeEach(() => vi.resetAllMocks())

  it('asks for the consent and a valid address before subscribing', async () => {
    api.subscribeToReminders.mockResolvedValue({ ok: true, status: 'check_email' })
    withQueries(<ReminderSubscribe bookRef="RACHEL23" />)
    const email = screen.getByLabelText(strings.reminders.emailLabel)

    await userEvent.type(email, 'not-an-address')
    await userEvent.click(screen.getByRole('button', { name: strings.reminders.submit }))
    expect(await screen.findByText(strings.reminders.emailInvalid)).toBeInTheDocument()
    expect(screen.getByText(strings.reminders.consentRequired)).toBeInTheDocument()
    expect(api.subscribeToReminders).not.toHaveBeenCalled()

    await userEvent.clear(email)
    await userEvent.type(email, ' Dana@Example.com ')
    await userEvent.click(screen.getByRole('checkbox', { name: strings.reminders.consent }))
    await userEvent.click(screen.getByRole('button', { name: strings.reminders.submit }))
    expect(await screen.findByText(strings.reminders.checkEmail)).toBeInTheDocument()
    expect(api.subscribeToReminders).toHaveBeenCalledWith('RACHEL23', 'dana@example.com')
  })
})
