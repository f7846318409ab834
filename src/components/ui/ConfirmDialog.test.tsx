import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './ConfirmDialog'

function renderDialog(props: { busy?: boolean } = {}) {
  const onConfirm = vi.fn()
  const onOpenChange = vi.fn()
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="remove Dana?"
      text="dana@example.com will no longer manage the book."
      confirmLabel="remove"
      cancelLabel="keep"
      tone="danger"
      onConfirm={onConfirm}
      {...props}
    />,
  )
  return { onConfirm, onOpenChange }
}

describe('ConfirmDialog', () => {
  it('asks as an alert dialog, with what will happen and an e-mail address kept left to right', () => {
    renderDialog()
    const dialog = screen.getByRole('alertdialog', { name: 'remove Dana?' })
    expect(dialog).toHaveTextContent('dana@example.com will no longer manage the book.')
    expect(dialog.querySelector('bdi[dir="ltr"]')).toHaveTextContent(/^dana@example\.com$/)
  })

  it('runs the step only from its confirm button, and the way back only closes', async () => {
    const user = userEvent.setup()
    const { onConfirm, onOpenChange } = renderDialog()
    await user.click(screen.getByRole('button', { name: 'keep' }))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(onOpenChange).toHaveBeenCalledWith(false)
    await user.click(screen.getByRole('button', { name: 'remove' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('cannot be confirmed twice while the step runs', () => {
    renderDialog({ busy: true })
    expect(screen.getByRole('button', { name: 'remove' })).toBeDisabled()
  })
})
