import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { recallFamilyAccess, rememberFamilyAccess } from './family-code-session'
import { useFamilyAccess } from './useFamilyAccess'

afterEach(() => window.sessionStorage.clear())

describe('useFamilyAccess', () => {
  it('uses the grant kept earlier in the tab, and keeps a new one for the tab', () => {
    rememberFamilyAccess('book-1', 'kept')
    const { result } = renderHook(() => useFamilyAccess('book-1'))
    expect(result.current.grant).toBe('kept')

    act(() => result.current.accept('new'))
    expect(result.current.grant).toBe('new')
    expect(recallFamilyAccess('book-1')).toBe('new')
  })

  it('reads no stored grant for a screen that does not act as family', () => {
    rememberFamilyAccess('book-1', 'kept')
    const { result } = renderHook(() => useFamilyAccess('book-1', false))
    expect(result.current.grant).toBeNull()
  })

  it('forgets a refused grant here and in the tab, and says so', () => {
    rememberFamilyAccess('book-1', 'kept')
    const { result } = renderHook(() => useFamilyAccess('book-1'))
    act(() => result.current.forget())
    expect(result.current).toMatchObject({ grant: null, revoked: true })
    expect(recallFamilyAccess('book-1')).toBeNull()
  })
})
