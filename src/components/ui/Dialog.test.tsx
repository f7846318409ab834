import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Dialog, DialogContent, DialogTitle } from './Dialog'

/** A dialog opened from state, as a memory card opens the viewer: no DialogTrigger. */
function CardWithViewer({ removeOpenerOnOpen = false }: { removeOpenerOnOpen?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button">before</button>
      {!(removeOpenerOnOpen && open) && (
        <button type="button" onClick={() => setOpen(true)}>
          open the memory
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>the memory</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  )
}

describe('DialogContent', () => {
  it('gives focus back to what opened it when it closes, without a DialogTrigger', async () => {
    const user = userEvent.setup()
    render(<CardWithViewer />)
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'open the memory' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('dialog')).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'open the memory' })).toHaveFocus()
  })

  it('leaves focus to the browser when what opened it has left the page', async () => {
    const user = userEvent.setup()
    render(<CardWithViewer removeOpenerOnOpen />)
    await user.click(screen.getByRole('button', { name: 'open the memory' }))
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body).toHaveFocus()
  })
})
