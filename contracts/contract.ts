/**
 * The shape every contract module follows: `body` (the zod schema the function parses its request
 * with), `Call` (each body a caller may send with the answer it gets) and `Reason` (the stable
 * codes of its refusals, besides the common ones every function may answer).
 */

/** One body a caller may send and the answer it gets back. */
export interface Exchange<Body, Answer> {
  body: Body
  answer: Answer
}

/** Refusals any function may answer: a body that is not JSON or fails the schema, an unexpected error. */
export const COMMON_REASONS = ['invalid_json', 'invalid_body', 'internal_error', 'method_not_allowed'] as const

/** Refusals of the functions that require a signed-in caller with a confirmed e-mail, or limit a client. */
export const CALLER_REASONS = ['login_required', 'email_not_confirmed', 'forbidden', 'rate_limited'] as const
