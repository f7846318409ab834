import type { FreeSession } from '@contracts/apply-coupon.ts'

/**
 * Where the free path continues: for_me → /create-book with paid=true and
 * free=true; a gift → /gift-generation. The session id (free_coupon_…) is what the server checks.
 */
export function pathAfterFreeCoupon(session: FreeSession, bookId: string | null): string {
  const query = new URLSearchParams({ plan: session.plan_type, paid: 'true', session_id: session.session_id })
  if (session.recipient_type === 'gift') return `/gift-generation?${query}`
  query.set('free', 'true')
  query.set('coupon', session.code)
  if (bookId) query.set('book', bookId)
  return `/create-book?${query}`
}
