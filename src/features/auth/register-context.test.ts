import { describe, expect, it } from 'vitest'
import { registerContextOf, signedInRegisterPath } from './register-context'

describe('registerContextOf (three modes; plan and gift queries)', () => {
  it.each([
    ['', false, { mode: 'regular', planType: 'choose', giftCode: '', recipientType: 'for_me' }],
    ['?plan=basic', false, { mode: 'regular', planType: 'basic' }],
    ['?plan=pro', true, { mode: 'regular', planType: 'pro' }],
    ['?plan=nonsense', false, { mode: 'regular', planType: 'choose' }],
    ['?plan=onboarding', false, { mode: 'onboarding', planType: 'onboarding' }],
    ['', true, { mode: 'onboarding', planType: 'onboarding' }],
    ['?gift=abcd2345', true, { mode: 'gift', giftCode: 'ABCD2345' }],
    ['?gift=', false, { mode: 'gift', giftCode: '' }],
    ['?gift=wxyz-23%2045&plan=basic', false, { mode: 'gift', giftCode: 'WXYZ2345', planType: 'basic' }],
    ['?plan=basic&type=gift', false, { mode: 'regular', recipientType: 'gift' }],
  ])('%o (after the wizard: %s)', (search, onboardingSelected, expected) => {
    expect(registerContextOf(new URLSearchParams(search), onboardingSelected)).toMatchObject(expected)
  })
})

describe('signedInRegisterPath', () => {
  it.each([
    ['?plan=pro', '/payment?plan=pro&type=for_me'],
    ['?plan=basic&type=gift', '/payment?plan=basic&type=gift'],
    ['?plan=onboarding', '/dashboard'],
    ['?gift=ABCD2345', '/gift?code=ABCD2345'],
    ['?gift=ww79%20wd4e', '/gift?code=WW79WD4E'],
    ['?gift=', '/gift'],
    ['', '/dashboard'],
  ])('%s → %s', (search, path) => {
    expect(signedInRegisterPath(new URLSearchParams(search))).toBe(path)
  })
})
