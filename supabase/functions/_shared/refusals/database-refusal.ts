/**
 * The functions' one reading of a database refusal: each reason the database refuses with
 * (contracts/refusals.ts) has its HTTP status here, and a refused call becomes the HttpError the
 * caller sees, with the database's Hebrew message and the reason as its `code`. Any other database
 * error is a failure of the function (a logged 500), never shown to the caller.
 */
import { type DatabaseReason, isDatabaseReason } from '../../../../contracts/refusals.ts'
import { HttpError } from '../http/http.ts'

/** 404 what does not exist, 401/403 who may not, 409 what clashes with the state, 410 what ran out, 429 a lockout. */
const STATUS_OF_REASON = {
  login_required: 401,
  user_field_locked: 403,
  platform_admin_required: 403,
  user_not_found: 404,
  books_remain: 409,
  search_too_long: 400,
  security_event_invalid: 400,
  email_lookalike: 400,
  email_link_invalid: 410,
  book_not_found: 404,
  book_field_locked: 403,
  book_image_url_invalid: 400,
  book_not_paid: 402,
  not_book_owner: 403,
  not_book_manager: 403,
  family_code_required: 403,
  family_access_expired: 403,
  family_code_invalid: 403,
  family_code_locked: 429,
  family_code_paused: 429,
  alert_link_invalid: 410,
  memory_not_found: 404,
  memory_field_locked: 403,
  memory_book_not_found: 404,
  memory_book_unpaid: 402,
  memory_author_required: 400,
  memory_author_too_long: 400,
  memory_text_required: 400,
  memory_text_too_long: 400,
  memory_images_not_in_plan: 400,
  memory_limit_images: 400,
  memory_media_url_invalid: 400,
  memory_caption_too_long: 400,
  memory_video_not_in_plan: 400,
  memory_bulk_insert: 400,
  invalid_frequency: 400,
  family_admin_not_found: 404,
  required_fields: 400,
  field_too_long: 400,
  too_many_invitations: 409,
  invitation_not_open: 409,
  invitation_not_found: 404,
  invitation_cancelled: 410,
  invitation_used: 409,
  invitation_expired: 410,
  owner_cannot_join: 409,
  already_admin: 409,
  invalid_email: 400,
  transfer_to_owner: 400,
  transfer_already_open: 400,
  transfer_not_waiting: 400,
  transfer_account_gone: 410,
  transfer_invalid: 404,
  transfer_used: 409,
  transfer_expired: 410,
  transfer_wrong_account: 403,
  session_not_found: 404,
  session_not_owned: 403,
  session_not_gift: 422,
  session_id_required: 400,
  payment_not_completed: 402,
  name_too_long: 400,
  gift_not_found: 404,
  gift_not_pending: 409,
  gift_not_cancelled: 409,
  gift_already_cancelled: 409,
  gift_already_claimed: 409,
  gift_claim_locked: 429,
  gift_replaced: 410,
  gift_cancelled: 410,
  gift_not_available: 410,
  gift_expired: 410,
  refund_window_passed: 422,
  refund_in_progress: 409,
  coupon_changed: 409,
  coupon_code_invalid: 400,
  coupon_type_invalid: 400,
  coupon_value_invalid: 400,
  coupon_plan_invalid: 400,
  coupon_max_uses_invalid: 400,
  coupon_expiry_invalid: 400,
  coupon_code_taken: 409,
  candles_private: 403,
  chat_session_not_found: 404,
  chat_session_full: 409,
  chat_message_invalid: 400,
  chat_answer_invalid: 400,
  chat_rating_invalid: 400,
} as const satisfies Record<DatabaseReason, number>

/** The HTTP status a function answers the database's refusal `reason` with. */
export function statusOfReason(reason: DatabaseReason): number {
  return STATUS_OF_REASON[reason]
}

/** A database error as supabase-js reports it: SQLSTATE, message and hint. */
export interface DatabaseError {
  code?: string | null
  message: string
  hint?: string | null
}

/**
 * Throws the refusal a database call `what` answered as its HTTP answer; a database error that is
 * no refusal (its hint names none) is thrown as a failure of the function.
 */
export function refuseWithDatabaseError(what: string, error: DatabaseError): never {
  if (isDatabaseReason(error.hint)) throw new HttpError(statusOfReason(error.hint), error.message, error.hint)
  throw new Error(`${what}: ${error.message}`)
}

/**
 * Throws the refusal a database function answered rather than raised (one that keeps a counted
 * attempt, which raising would undo), with its status and Hebrew message.
 */
export function refuseWithReason(reason: DatabaseReason, message: string): never {
  throw new HttpError(statusOfReason(reason), message, reason)
}
