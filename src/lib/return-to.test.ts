import { describe, expect, it } from 'vitest'
import { loginPathReturningTo, returnPathOf } from './return-to'

describe('return-to', () => {
  it('keeps the address with its query and reads it back', () => {
    const login = loginPathReturningTo({ pathname: '/admin-dashboard', search: '?book=1&x=a b' })
    expect(login.startsWith('/login?')).toBe(true)
    expect(returnPathOf(login.slice('/login'.length))).toBe('/admin-dashboard?book=1&x=a b')
  })

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'dashboard', '/login', '/login?returnTo=/x'])(
    'refuses %s',
    (value) => {
      expect(returnPathOf(`?${new URLSearchParams({ returnTo: value })}`)).toBeNull()
    },
  )

  it('is empty without the parameter', () => {
    expect(returnPathOf('?emailConfirmed=true')).toBeNull()
  })
})
