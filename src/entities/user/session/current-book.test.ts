import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setCurrentBook, useCurrentBook, usePublishCurrentBook, type CurrentBook } from './current-book'

describe('the header’s current book', () => {
  it('is published by the screen that knows the books, and kept after it unmounts', () => {
    setCurrentBook(null)
    const header = renderHook(() => useCurrentBook())
    expect(header.result.current).toBeNull()

    const dashboard = renderHook(({ book }: { book: CurrentBook | null | undefined }) => usePublishCurrentBook(book), {
      initialProps: { book: undefined as CurrentBook | null | undefined },
    })
    expect(header.result.current).toBeNull()

    dashboard.rerender({ book: { id: 'uuid-1', bookId: 'ABCDEFGH' } })
    expect(header.result.current).toEqual({ id: 'uuid-1', bookId: 'ABCDEFGH' })

    dashboard.unmount()
    expect(header.result.current).toEqual({ id: 'uuid-1', bookId: 'ABCDEFGH' })

    act(() => setCurrentBook(null))
    expect(header.result.current).toBeNull()
  })
})
