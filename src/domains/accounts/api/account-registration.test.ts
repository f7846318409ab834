import { describe, expect, it } from 'vitest'
import { registrationFromMetadata, registrationMetadata } from './account-registration'

const user = { email: 'dana@example.test', fullName: 'דנה' }

describe('the registration kept with the account', () => {
  it('travels in the sign-up metadata and reads back as the same registration data', () => {
    const data = {
      email: 'dana@example.test',
      fullName: 'דנה',
      planType: 'onboarding' as const,
      recipientType: 'for_me' as const,
      onboardingData: { relationship: 'parent', deceased_name: 'משה כהן' },
      giftCode: null,
    }
    expect(registrationFromMetadata({ full_name: 'דנה', ...registrationMetadata(data) }, user)).toEqual(data)
  })

  it.each([
    ['no registration', { full_name: 'דנה' }],
    ['a cleared registration', { registration: null }],
    ['an unknown plan', { registration: { plan_type: 'gold', recipient_type: 'for_me' } }],
  ])('is none with %s', (_label, metadata) => {
    expect(registrationFromMetadata(metadata, user)).toBeNull()
  })

  it('drops half onboarding answers and an unknown recipient type', () => {
    expect(
      registrationFromMetadata(
        {
          registration: {
            plan_type: 'pro',
            recipient_type: 'x',
            gift_code: ' ',
            onboarding: { relationship: 'parent' },
          },
        },
        user,
      ),
    ).toMatchObject({ planType: 'pro', recipientType: 'for_me', onboardingData: null, giftCode: null })
  })
})
