import type { PlainTranslationKey } from '@/i18n/he'

/** The plans a visitor can pick. Prices are shown here only; the server's price table decides what is charged. */
export type SelectablePlan = 'basic' | 'pro'

export interface PlanOffer {
  id: SelectablePlan
  price: number
  previousPrice: number
  popular: boolean
  features: readonly PlainTranslationKey[]
}

export const planOffers: readonly PlanOffer[] = [
  {
    id: 'basic',
    price: 99,
    previousPrice: 149,
    popular: false,
    features: [
      'packages.features.unlimitedWritten',
      'packages.features.permanentLinkAndQr',
      'packages.features.familyAccess',
    ],
  },
  {
    id: 'pro',
    price: 149,
    previousPrice: 199,
    popular: true,
    features: [
      'packages.features.unlimitedWritten',
      'packages.features.permanentLinkAndQr',
      'packages.features.familyAccess',
      'packages.features.photos',
      'packages.features.vipSupport',
    ],
  },
]

export function registerPathForPlan(plan: SelectablePlan): string {
  return `/register?plan=${plan}`
}
