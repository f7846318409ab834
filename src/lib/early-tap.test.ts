import { afterEach, describe, expect, it, vi } from 'vitest'
import { replayEarlyTap } from './early-tap'

afterEach(() => {
  window.__zochrimEarlyTap = null
  document.body.replaceChildren()
})

describe('the tap kept from before hydration', () => {
  it('is replayed once on the button it was made on', () => {
    const button = document.body.appendChild(document.createElement('button'))
    const onClick = vi.fn()
    button.addEventListener('click', onClick)
    window.__zochrimEarlyTap = button

    replayEarlyTap()
    replayEarlyTap()
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('is dropped when its button has left the page', () => {
    const button = document.createElement('button')
    const onClick = vi.fn()
    button.addEventListener('click', onClick)
    window.__zochrimEarlyTap = button

    replayEarlyTap()
    expect(onClick).not.toHaveBeenCalled()
  })
})
