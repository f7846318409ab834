import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ShareBookDialog } from './ShareBookDialog'

function openDialog() {
  render(<ShareBookDialog shortCode="RACHEL23" deceasedName="רחל אברהמי" defaultSharerName="מיכל" />)
  return userEvent.setup()
}

describe('ShareBookDialog', () => {
  it('previews the invitation live as the sharer types', async () => {
    const user = openDialog()
    await user.click(screen.getByRole('button', { name: 'שיתוף' }))
    const dialog = screen.getByRole('dialog', { name: 'שיתוף ספר הזיכרון' })
    const preview = within(dialog).getByTestId('invitation-preview')
    expect(preview).toHaveTextContent('הזמנה מאת מיכל: לשתף זיכרון בספר הזיכרון של רחל אברהמי ז״ל.')
    expect(preview).toHaveTextContent(`לכתיבת זיכרון: ${window.location.origin}/share/RACHEL23`)

    await user.type(within(dialog).getByLabelText('הודעה אישית (לא חובה)'), 'אמא הייתה שמחה')
    expect(preview).toHaveTextContent('אמא הייתה שמחה')

    await user.clear(within(dialog).getByLabelText('השם שלך'))
    expect(preview).toHaveTextContent('הזמנה מאת המשפחה:')
  })

  it('sends the same text to WhatsApp, copies it, and opens the QR page in a new tab', async () => {
    const user = openDialog()
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'שיתוף' }))
    const dialog = screen.getByRole('dialog')
    const text = within(dialog).getByTestId('invitation-preview').textContent ?? ''

    expect(within(dialog).getByRole('link', { name: 'שליחה בוואטסאפ' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(text)}`,
    )
    const qr = within(dialog).getByRole('link', { name: 'הצגת קוד QR' })
    expect(qr).toHaveAttribute('href', '/qr-display?book=RACHEL23')
    expect(qr).toHaveAttribute('target', '_blank')

    await user.click(within(dialog).getByRole('button', { name: 'העתקת הטקסט' }))
    expect(writeText).toHaveBeenCalledWith(text)
  })
})
