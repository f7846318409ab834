import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'
import { normalizePlan, recipientTypes, type RegistrationData } from '@/domains/accounts/lib/registration-data'

/*
 * The registration's choices (plan, gift or not, the wizard's answers) also travel with the account
 * itself, in its user metadata from sign-up on. Local storage holds them only on the device that
 * registered; the confirmation link may be opened on another one, which then reads them from here.
 * Taken once: the first sign-in that reads them clears them.
 */

const metadataKey = 'registration'

export interface AccountRegistration {
  plan_type: string
  recipient_type: string
  gift_code: string | null
  onboarding: { relationship: string; deceased_name: string } | null
}

function accountRegistrationOf(data: RegistrationData): AccountRegistration {
  return {
    plan_type: data.planType,
    recipient_type: data.recipientType,
    gift_code: data.giftCode ?? null,
    onboarding: data.onboardingData ?? null,
  }
}

/** The sign-up metadata field that carries the registration. */
export function registrationMetadata(data: RegistrationData): Record<string, AccountRegistration> {
  return { [metadataKey]: accountRegistrationOf(data) }
}

function asText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

/** The stored registration of this account as local registration data, or null when none is kept. */
export function registrationFromMetadata(
  metadata: unknown,
  user: { email: string; fullName: string | null },
): RegistrationData | null {
  const stored = (metadata as Record<string, unknown> | null | undefined)?.[metadataKey]
  if (typeof stored !== 'object' || stored === null) return null
  const fields = stored as Record<string, unknown>
  const planType = normalizePlan(asText(fields.plan_type))
  if (!planType) return null
  const recipientType = recipientTypes.find((type) => type === fields.recipient_type) ?? 'for_me'
  const onboarding = fields.onboarding as Record<string, unknown> | null | undefined
  const relationship = asText(onboarding?.relationship)
  const deceasedName = asText(onboarding?.deceased_name)
  return {
    email: user.email,
    fullName: user.fullName ?? user.email,
    planType,
    recipientType,
    onboardingData: relationship && deceasedName ? { relationship, deceased_name: deceasedName } : null,
    giftCode: asText(fields.gift_code),
  }
}

/** Reads the signed-in account's registration and clears it on the server (once). */
export async function takeAccountRegistration(user: {
  email: string
  fullName: string | null
}): Promise<RegistrationData | null> {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  const registration = registrationFromMetadata(data.session?.user.user_metadata, user)
  if (!registration) return null
  await withNetworkRetry(async () => {
    const { error } = await supabase.auth.updateUser({ data: { [metadataKey]: null } })
    if (error) throw error
  }).catch((error: unknown) => console.warn('could not clear the registration kept with the account', error))
  return registration
}
