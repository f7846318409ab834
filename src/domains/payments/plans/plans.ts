import { isPlanType, type PlanType } from '@contracts/plans.ts'
import type { he } from '@/i18n/he'

/** The plans the picker offers (basic and pro); `full` is reached by ?plan=full and by upgrade. */
export const pickerPlans = ['basic', 'pro'] as const satisfies readonly PlanType[]
export const popularPlan: PlanType = 'pro'

export type RecipientType = 'for_me' | 'gift'

/** A paid feature an unpaid owner was sent here for. */
export type PaidFeature = 'slideshow' | 'advanced_sharing' | 'add_memories'

type FeatureKey = keyof typeof he.packages.features

const basicFeatures: readonly FeatureKey[] = ['unlimitedWritten', 'permanentLinkAndQr', 'familyAccess']

export const planFeatures: Record<PlanType, readonly FeatureKey[]> = {
  basic: basicFeatures,
  pro: [...basicFeatures, 'photos', 'vipSupport'],
  full: [...basicFeatures, 'photos', 'videos', 'vipSupport'],
}

/** A plan from a link: basic | pro | full; else null. */
export function planFromParam(value: string | null): PlanType | null {
  return isPlanType(value) ? value : null
}

export function recipientFromParam(value: string | null): RecipientType {
  return value === 'gift' ? 'gift' : 'for_me'
}

export function featureFromParam(value: string | null): PaidFeature | null {
  return value === 'slideshow' || value === 'advanced_sharing' || value === 'add_memories' ? value : null
}

export function registerPathForPlan(plan: PlanType): string {
  return `/register?plan=${plan}`
}
