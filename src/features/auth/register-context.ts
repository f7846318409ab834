import {
  normalizePlan,
  defaultRegistrationPlan,
  type RecipientType,
  type RegistrationPlan,
} from '@/domains/accounts/lib/registration-data'
import { normalizeGiftCode } from '@/domains/gift/lib/pending-gift-code'

/** Register's three modes: gift activation, after the onboarding wizard, or plain. */
export type RegisterMode = 'gift' | 'onboarding' | 'regular'

export interface RegisterContext {
  mode: RegisterMode
  /** The gift code from `?gift=` (normalised), '' when none was given. */
  giftCode: string
  planType: RegistrationPlan
  recipientType: RecipientType
}

/**
 * Reads the mode and plan from the address and from what onboarding left: `?gift=` (even empty)
 * means gift activation; `?plan=onboarding` or a finished wizard (selectedPlan 'onboarding') means
 * onboarding; else regular. The plan is `?plan=`, else 'onboarding' after the
 * wizard, else 'choose': nobody chose a plan, so /payment preselects none.
 */
export function registerContextOf(search: URLSearchParams, onboardingSelected: boolean): RegisterContext {
  const plan = normalizePlan(search.get('plan'))
  const giftParam = search.get('gift')
  const mode: RegisterMode =
    giftParam !== null ? 'gift' : plan === 'onboarding' || (onboardingSelected && !plan) ? 'onboarding' : 'regular'
  return {
    mode,
    giftCode: normalizeGiftCode(giftParam ?? ''),
    planType: plan ?? (mode === 'onboarding' ? 'onboarding' : defaultRegistrationPlan),
    recipientType: search.get('type') === 'gift' ? 'gift' : 'for_me',
  }
}

/**
 * Where someone already signed in goes instead of registering: with a gift link's code, to claim
 * that gift; with a plan chosen on the way here (`?plan=basic|pro|full`, e.g. a plan card on the
 * landing page), to pay for it; else the dashboard.
 */
export function signedInRegisterPath(search: URLSearchParams): string {
  const giftCode = normalizeGiftCode(search.get('gift') ?? '')
  if (search.get('gift') !== null) return giftCode ? `/gift?${new URLSearchParams({ code: giftCode })}` : '/gift'
  const plan = normalizePlan(search.get('plan'))
  if (!plan || plan === 'onboarding' || plan === 'choose') return '/dashboard'
  const type = search.get('type') === 'gift' ? 'gift' : 'for_me'
  return `/payment?${new URLSearchParams({ plan, type })}`
}
