import { z } from 'zod'
import { readStorage, removeFromStorage, storageKeys, writeStorage } from '@/lib/browser-storage'
import { PLAN_TYPES } from '@contracts/plans.ts'

/*
 * The temporary registration data, kept in local storage from sign-up until the
 * purchase is done, so the flow survives the trip to the mailbox and back (a confirmation link may
 * open in another tab). Read by e-mail confirmation, after-login routing and payment.
 */

/** A paid plan; 'onboarding' after the wizard and 'choose' (no plan yet) leave the choice to /payment. */
export const registrationPlans = [...PLAN_TYPES, 'onboarding', 'choose'] as const
export type RegistrationPlan = (typeof registrationPlans)[number]

export const recipientTypes = ['for_me', 'gift'] as const
export type RecipientType = (typeof recipientTypes)[number]

/** The plan of a `plan` query: basic | pro | full | onboarding | choose. */
export function normalizePlan(value: string | null | undefined): RegistrationPlan | null {
  const plan = value?.trim().toLowerCase()
  return registrationPlans.find((known) => known === plan) ?? null
}

/** When nothing chose a plan, none is chosen for the person: /payment asks. */
export const defaultRegistrationPlan: RegistrationPlan = 'choose'

const registrationDataSchema = z.object({
  email: z.string().trim().min(3),
  fullName: z.string().trim().min(1),
  planType: z.enum(registrationPlans).catch(defaultRegistrationPlan),
  recipientType: z.enum(recipientTypes).catch('for_me'),
  onboardingData: z.object({ relationship: z.string(), deceased_name: z.string() }).nullish().catch(null),
  /** Set when the account was opened to claim a gift: the flow then continues to /gift, not to payment. */
  giftCode: z.string().nullish().catch(null),
})

export type RegistrationData = z.infer<typeof registrationDataSchema>

/** The stored data, or null when there is none or it lacks a real e-mail and name. */
export function readRegistrationData(): RegistrationData | null {
  try {
    const parsed = registrationDataSchema.safeParse(JSON.parse(readStorage(storageKeys.registrationData) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function saveRegistrationData(data: RegistrationData): void {
  writeStorage(storageKeys.registrationData, JSON.stringify(data))
}

export function clearRegistrationData(): void {
  removeFromStorage(storageKeys.registrationData)
}

/** `/payment?plan=…&type=…` for stored registration data; no plan when none was chosen. */
function paymentPathFor(data: Pick<RegistrationData, 'planType' | 'recipientType'>): string {
  const query = new URLSearchParams(
    data.planType === 'choose' ? { type: data.recipientType } : { plan: data.planType, type: data.recipientType },
  )
  return `/payment?${query}`
}

/** The claim screen for a gift code. */
export function giftClaimPath(code: string): string {
  return `/gift?code=${encodeURIComponent(code)}`
}

/** Where registration continues once the e-mail is confirmed: the gift to claim, or payment. */
export function continuationPathFor(data: RegistrationData): string {
  return data.giftCode ? giftClaimPath(data.giftCode) : paymentPathFor(data)
}
