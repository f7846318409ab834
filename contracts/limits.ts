/**
 * Length limits that a form, its edge function and the database all enforce, written once. The
 * form's zod schema and the function's body schema import them; the SQL check that enforces the
 * same number (supabase/schemas) names the constant in a comment beside it. No imports, so any
 * bundle may take it.
 */

/**
 * A person's name: the deceased, the book's creator, a gift's recipient or purchaser, a family
 * admin and how to reach them (SQL: the char_length checks of memory_books' names, users.full_name,
 * book_admins.admin_name and .contact).
 */
export const NAME_MAX = 200

/** The sentence shown under the deceased's name (SQL: memory_books.memory_quote char_length <= 500). */
export const QUOTE_MAX = 500

/** The name a visitor leaves with a candle (SQL: candles.lit_by char_length between 1 and 60). */
export const CANDLE_NAME_MAX = 60

/** A question to the support chat (SQL: chat_record_exchange refuses a longer one). */
export const QUESTION_MAX = 500

/** An e-mail address (SQL: reminder_subscriptions.email char_length <= 254). */
export const EMAIL_MAX = 254

/** The address a book's ownership is offered to. */
export const INVITEE_EMAIL_MAX = 200

/** A code as people type it (coupon, gift code), before spaces and dashes are dropped. */
export const CODE_MAX = 40

/** A book's short code or uuid as a link carries it. */
export const BOOK_REF_MAX = 100

/** An opaque token from a link or a payment provider (session ids, invitation tokens). */
export const TOKEN_MAX = 200

/**
 * How long storage keeps an upload no row refers to yet (a memory's photos go up before the memory
 * is saved; an offline draft is sent when the connection returns). After that the scheduled run
 * removes it (SQL: private.orphan_grace). A draft re-sends a file uploaded half this long ago.
 */
export const UNREFERENCED_UPLOAD_GRACE_HOURS = 12
