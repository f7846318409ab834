import { act, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useObjectUrl } from './MediaThumbnail'

function Preview({ blob }: { blob: Blob }) {
  return <img alt="preview" src={useObjectUrl(blob)} />
}

describe('useObjectUrl', () => {
  let created = 0
  const revoked: string[] = []
  beforeEach(() => {
    created = 0
    revoked.length = 0
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${(created += 1)}`)
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps the preview of a file shown on the first render (a restored draft), also under StrictMode', async () => {
    render(
      <StrictMode>
        <Preview blob={new Blob(['x'], { type: 'image/png' })} />
      </StrictMode>,
    )
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    const url = screen.getByRole('img').getAttribute('src')!
    expect(revoked).not.toContain(url)
  })

  it('releases the URL once the preview goes', async () => {
    const { unmount } = render(<Preview blob={new Blob(['x'], { type: 'image/png' })} />)
    const url = screen.getByRole('img').getAttribute('src')!
    unmount()
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    expect(revoked).toContain(url)
  })
})
