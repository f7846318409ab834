import type { RecipientType } from '@/domains/payments/plans/plans'

/** The query keys of payments and prices. Every one starts with 'payments'. */
export const paymentKeys = {
  all: ['payments'] as const,
  mine: () => [...paymentKeys.all, 'mine'] as const,
  unspent: (recipient: RecipientType) => [...paymentKeys.all, 'unspent', recipient] as const,
  session: (sessionId: string | null) => [...paymentKeys.all, 'session', sessionId] as const,
  planPrices: () => [...paymentKeys.all, 'plan-prices'] as const,
}
