import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'
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

    dashboard.rerender({ book: { id: 'uuid-1', shortCode: 'ABCDEFGH' } })
    expect(header.result.current).toEqual({ id: 'uuid-1', shortCode: 'ABCDEFGH' })

    dashboard.unmount()
    expect(header.result.current).toEqual({ id: 'uuid-1', shortCode: 'ABCDEFGH' })

    act(() => setCurrentBook(null))
    expect(header.result.current).toBeNull()
  })

  it("is forgotten when its user signs out or another user signs in, and kept while the same user's session refreshes", () => {
    const user = (id: string) => ({ id, email: `${id}@test.zochrim.local`, fullName: null })
    const signedIn = (id: string) => ({ session: { status: 'signed-in' as const, user: user(id) }, settled: true })
    const header = renderHook(() => useCurrentBook())
    act(() => updateAuthSnapshot(signedIn('u1')))
    act(() => setCurrentBook({ id: 'uuid-1', shortCode: 'ABCDEFGH' }))
    act(() => updateAuthSnapshot(signedIn('u1')))
    expect(header.result.current).toEqual({ id: 'uuid-1', shortCode: 'ABCDEFGH' })

    act(() => updateAuthSnapshot({ session: { status: 'signed-out', user: null } }))
    expect(header.result.current).toBeNull()

    act(() => updateAuthSnapshot(signedIn('u2')))
    act(() => setCurrentBook({ id: 'uuid-2', shortCode: 'HGFEDCBA' }))
    act(() => updateAuthSnapshot(signedIn('u3')))
    expect(header.result.current).toBeNull()
  })
})
