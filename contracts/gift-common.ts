/**
 * What the gift functions and the browser app share about a gift: a code's statuses, the gift as create-gift and
 * resend-gift answer it, and the link where its recipient registers. No imports, so the browser
 * imports this file as it is.
 */

export interface GiftSummary {
  existing: boolean
  id: string
  /** The book's short code. */
  short_code: string
  gift_code: string
  gift_code_expires_at: string
  gift_recipient_name: string | null
  full_name: string
  purchaser_name: string | null
  plan_type: string
  gift_status: string
}

/** What check-gift-code says of a code: only `ok` can be claimed now. */
export const GIFT_CODE_STATUSES = ['ok', 'not_found', 'claimed', 'unavailable', 'expired'] as const
export type GiftCodeStatus = (typeof GIFT_CODE_STATUSES)[number]

/** Where the recipient registers with the code filled in: {site}/register?gift={code}. */
export function giftRegisterLink(site: string, code: string): string {
  return `${site}/register?gift=${encodeURIComponent(code)}`
}
