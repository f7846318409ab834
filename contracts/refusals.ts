/**
 * The database's refusals: every reason a database function refuses with. The database refuses in
 * one way: it raises SQLSTATE P0001 (refused) or 42501 (denied, e.g. not the book's owner) with a
 * Hebrew message fit to show and the reason below as the error's `hint` (`private.refuse` and
 * `private.deny` in supabase/schemas/05-helpers.sql). PostgREST answers it as
 * `{ code, message, hint }`; the app reads it as a `Refusal` whose `reason` is the hint.
 *
 * A function that must keep what it recorded while refusing (a counted wrong code or gift-code
 * attempt, which the lockout rests on) cannot raise, since raising undoes the transaction: it
 * answers the reason instead, and its one caller (an edge function) refuses with it.
 *
 * tests/schema/refusal-reasons.test.ts fails when the schema refuses with a reason not listed here,
 * or lists one the schema never gives.
 */
export const DATABASE_REASONS = [
  // accounts and platform admins
  'login_required',
  'user_field_locked',
  'platform_admin_required',
  'user_not_found',
  'books_remain',
  'search_too_long',
  'security_event_invalid',
  'email_lookalike',
  'email_link_invalid',
  // books
  'book_not_found',
  'book_field_locked',
  'book_image_url_invalid',
  'book_not_paid',
  'not_book_owner',
  'not_book_manager',
  // family code and family access
  'family_code_required',
  'family_access_expired',
  'family_code_invalid',
  'family_code_locked',
  'family_code_paused',
  'alert_link_invalid',
  // memories
  'memory_not_found',
  'memory_field_locked',
  'memory_book_not_found',
  'memory_book_unpaid',
  'memory_author_required',
  'memory_author_too_long',
  'memory_text_required',
  'memory_text_too_long',
  'memory_images_not_in_plan',
  'memory_limit_images',
  'memory_media_url_invalid',
  'memory_caption_too_long',
  'memory_video_not_in_plan',
  'memory_bulk_insert',
  'invalid_frequency',
  // family admins and ownership transfers
  'family_admin_not_found',
  'required_fields',
  'field_too_long',
  'too_many_invitations',
  'invitation_not_open',
  'invitation_not_found',
  'invitation_cancelled',
  'invitation_used',
  'invitation_expired',
  'owner_cannot_join',
  'already_admin',
  'invalid_email',
  'transfer_to_owner',
  'transfer_already_open',
  'transfer_not_waiting',
  'transfer_account_gone',
  'transfer_invalid',
  'transfer_used',
  'transfer_expired',
  'transfer_wrong_account',
  // payments, gifts and coupons
  'session_not_found',
  'session_not_owned',
  'session_not_gift',
  'session_id_required',
  'payment_not_completed',
  'name_too_long',
  'gift_not_found',
  'gift_not_pending',
  'gift_not_cancelled',
  'gift_already_cancelled',
  'gift_already_claimed',
  'gift_claim_locked',
  'gift_replaced',
  'gift_cancelled',
  'gift_not_available',
  'gift_expired',
  'refund_window_passed',
  'refund_in_progress',
  'coupon_changed',
  'coupon_code_invalid',
  'coupon_type_invalid',
  'coupon_value_invalid',
  'coupon_plan_invalid',
  'coupon_max_uses_invalid',
  'coupon_expiry_invalid',
  'coupon_code_taken',
  // candles and the support chat
  'candles_private',
  'chat_session_not_found',
  'chat_session_full',
  'chat_message_invalid',
  'chat_answer_invalid',
  'chat_rating_invalid',
] as const

/** A reason the database refuses with. */
export type DatabaseReason = (typeof DATABASE_REASONS)[number]

const KNOWN: ReadonlySet<string> = /* @__PURE__ */ new Set(DATABASE_REASONS)

/** Whether `hint` names one of the database's refusals (a hint on any other error is not one). */
export function isDatabaseReason(hint: unknown): hint is DatabaseReason {
  return typeof hint === 'string' && KNOWN.has(hint)
}
