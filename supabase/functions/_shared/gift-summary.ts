/**
 * A gift as create-gift and resend-gift answer it and the purchaser's screens show it. No imports,
 * so the browser app imports this same type.
 */
export interface GiftSummary {
  existing: boolean
  id: string
  book_id: string
  gift_code: string
  gift_code_expires_at: string
  gift_recipient_name: string | null
  full_name: string
  purchaser_name: string | null
  plan_type: string
  gift_status: string
}
