import { describe, expect, it } from 'vitest'
import {
  clearRegistrationData,
  continuationPathFor,
  normalizePlan,
  readRegistrationData,
  saveRegistrationData,
  type RegistrationData,
} from './registration-data'

const data: RegistrationData = {
  email: 'dana@example.test',
  fullName: 'דנה',
  planType: 'onboarding',
  recipientType: 'for_me',
  onboardingData: { relationship: 'parent', deceased_name: 'משה' },
  giftCode: null,
}

describe('temporary registration data', () => {
  it('keeps every field across a reload', () => {
    saveRegistrationData(data)
    expect(readRegistrationData()).toEqual(data)
  })

  it('clears', () => {
    saveRegistrationData(data)
    clearRegistrationData()
    expect(readRegistrationData()).toBeNull()
  })

  it.each([
    ['nothing stored', null],
    ['not JSON', '{'],
    ['no e-mail', JSON.stringify({ ...data, email: '' })],
    ['no name', JSON.stringify({ ...data, fullName: ' ' })],
  ])('reads %s as no data', (_label, stored) => {
    if (stored !== null) window.localStorage.setItem('tempRegistrationData', stored)
    expect(readRegistrationData()).toBeNull()
  })

  it('falls back to no plan chosen and for_me for unknown values', () => {
    window.localStorage.setItem(
      'tempRegistrationData',
      JSON.stringify({ email: 'a@b.co', fullName: 'א', planType: 'gold', recipientType: 'x' }),
    )
    expect(readRegistrationData()).toMatchObject({ planType: 'choose', recipientType: 'for_me' })
  })

  it.each([
    ['basic', 'basic'],
    [' PRO ', 'pro'],
    ['premium', null],
    ['full', 'full'],
    ['onboarding', 'onboarding'],
    ['gold', null],
    [null, null],
  ])('normalizePlan(%o) → %o', (value, expected) => {
    expect(normalizePlan(value)).toBe(expected)
  })

  it('continues to payment, or to the gift when the account was opened for one', () => {
    expect(continuationPathFor(data)).toBe('/payment?plan=onboarding&type=for_me')
    expect(continuationPathFor({ ...data, giftCode: 'ABCD2345' })).toBe('/gift?code=ABCD2345')
    expect(continuationPathFor({ ...data, planType: 'choose' })).toBe('/payment?type=for_me')
  })
})
