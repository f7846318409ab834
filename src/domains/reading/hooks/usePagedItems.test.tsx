import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePagedItems } from './usePagedItems'

const items = Array.from({ length: 70 }, (_, index) => index)

describe('usePagedItems', () => {
  it('renders the first screen first, then the rest of the first page', () => {
    const shownPerRender: number[] = []
    const { result } = renderHook(() => {
      const paged = usePagedItems(items)
      shownPerRender.push(paged.visible.length)
      return paged
    })
    expect(shownPerRender[0]).toBe(4)
    expect(result.current.visible).toHaveLength(30)
    expect(result.current.hasMore).toBe(true)
  })

  it('loads the next page on request, up to the end of the list', () => {
    const { result } = renderHook(() => usePagedItems(items, 30, 4))
    act(() => result.current.loadMore())
    expect(result.current.visible).toHaveLength(60)
    act(() => result.current.loadMore())
    expect(result.current.visible).toHaveLength(70)
    expect(result.current.hasMore).toBe(false)
  })

  it('shows a short list whole', () => {
    const { result } = renderHook(() => usePagedItems(items.slice(0, 3)))
    expect(result.current.visible).toEqual([0, 1, 2])
    expect(result.current.hasMore).toBe(false)
  })
})
