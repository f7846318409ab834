import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { booksStrings } from '@/domains/book/strings/books'
import { queryTestClient } from '@/test/query-wrapper'
import { RenewFamilyCodeDialog } from './RenewFamilyCodeDialog'

const regenerate = vi.hoisted(() => vi.fn<() => Promise<string>>())
vi.mock('@/domains/book/api/regenerate-family-code', async () => ({
  useRegenerateFamilyCode: (await import('@/test/mutation-hook')).mutationHookOf(regenerate),
}))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const s = booksStrings.familyCode

function renderDialog() {
  const { wrapper } = queryTestClient()
  render(<RenewFamilyCodeDialog bookId="b1" currentCode="AB12" />, { wrapper })
}

describe('RenewFamilyCodeDialog', () => {
  beforeEach(() => regenerate.mockReset())

  it('asks first, naming the code that stops working, and changes nothing when the family keeps it', async () => {
    const user = userEvent.setup()
    renderDialog()
    await user.click(screen.getByRole('button', { name: s.regenerate }))
    const asking = screen.getByRole('alertdialog', { name: s.confirmTitle })
    expect(asking).toHaveTextContent('AB12')
    await user.click(screen.getByRole('button', { name: s.cancel }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(regenerate).not.toHaveBeenCalled()
  })

  it('shows the new code to pass on once it is made', async () => {
    regenerate.mockResolvedValue('ZX98QW')
    const user = userEvent.setup()
    renderDialog()
    await user.click(screen.getByRole('button', { name: s.regenerate }))
    await user.click(screen.getByRole('button', { name: s.confirmButton }))
    const result = await screen.findByRole('dialog', { name: s.regenerated })
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByTestId('family-code')).toHaveTextContent('ZX98QW')
    expect(result).toContainElement(document.activeElement as HTMLElement)
    expect(regenerate).toHaveBeenCalledOnce()
  })
})
