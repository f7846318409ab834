import type { FunctionName, ReasonOf } from '@contracts/index.ts'
import { type DatabaseReason, isDatabaseReason } from '@contracts/refusals.ts'
import { tErrors } from '@/i18n/errors'
import { NetworkFailure } from './network-failure'
import { isNetworkError } from './retry'

/**
 * The one shape of a server's "no" in the app, from an edge function, the database or storage:
 * the HTTP `status`, the stable `reason` screens branch on (a function's
 * `code`, a database refusal's `hint`; undefined when the server named none) and a Hebrew
 * `message` fit to show as is: the server's own for a named refusal, else a general one (the
 * server's words are kept as `cause`).
 */
export class Refusal extends Error {
  readonly status: number
  readonly reason: string | undefined

  constructor(status: number, reason: string | undefined, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'Refusal'
    this.status = status
    this.reason = reason
  }
}

/** What PostgREST, storage and supabase-js report a failed call with (any of these fields may be absent). */
interface ServerError {
  message?: unknown
  code?: unknown
  hint?: unknown
  status?: unknown
  statusCode?: unknown
}

/** The HTTP status PostgREST answers a database error's SQLSTATE with. */
function statusOfSqlState(sqlState: unknown): number {
  if (sqlState === '42501') return 403
  if (sqlState === 'PGRST116') return 406
  if (typeof sqlState === 'string' && sqlState.startsWith('23')) return 409
  return 400
}

function statusOf(error: ServerError): number {
  if (typeof error.status === 'number' && error.status > 0) return error.status
  if (typeof error.statusCode === 'string' && /^\d{3}$/.test(error.statusCode)) return Number(error.statusCode)
  return statusOfSqlState(error.code)
}

/**
 * The database refuses by raising P0001 (or 42501 for a denial) with its reason, a lower-case word,
 * as the hint; tests/schema holds every such reason named in contracts/refusals.ts. Recognising the
 * shape rather than looking the word up keeps the list of reasons out of the head script.
 */
function isRaisedRefusal(failure: ServerError): failure is ServerError & { hint: DatabaseReason } {
  return (
    (failure.code === 'P0001' || failure.code === '42501') &&
    typeof failure.hint === 'string' &&
    /^[a-z][a-z_]*$/.test(failure.hint)
  )
}

/**
 * The app's one way to read a failed call: any error a database, storage or function call gave
 * becomes a Refusal, or, when nothing answered, a NetworkFailure (src/lib/retry.ts retries those).
 * A database refusal keeps its reason (the hint, one of contracts/refusals.ts) and Hebrew message;
 * any other error the server answered gets the general message, its own words kept as `cause`.
 */
export function toRefusal(error: unknown, status?: number): Refusal | NetworkFailure {
  if (error instanceof Refusal || error instanceof NetworkFailure) return error
  const failure = (typeof error === 'object' && error !== null ? error : {}) as ServerError
  if (isNetworkError(error)) {
    return new NetworkFailure(typeof failure.message === 'string' ? failure.message : 'no answer', { cause: error })
  }
  const answered = status ?? statusOf(failure)
  if (isRaisedRefusal(failure) && typeof failure.message === 'string') {
    return new Refusal(answered, failure.hint, failure.message, { cause: error })
  }
  return new Refusal(answered, undefined, tErrors('unexpected'), { cause: error })
}

/** A function's refusal body `{ error, code }` (supabase/functions/_shared/http/http.ts) as a Refusal. */
export function functionRefusal(status: number, answer: unknown): Refusal {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as { error?: unknown; code?: unknown }
  const message = typeof body.error === 'string' ? body.error : tErrors('unexpected')
  return new Refusal(status, typeof body.code === 'string' ? body.code : undefined, message)
}

/**
 * The text to show for a failed call: the server's own message when it named its refusal, else
 * `fallback` (the screen's words for what did not happen).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof Refusal && error.reason ? error.message : fallback
}

/**
 * The reason of edge function `_function`'s refusal when `error` is one, e.g. to branch on
 * `session_already_used`: typed by the function's contract, so tsc refuses a comparison with a
 * reason the function never gives.
 */
export function refusalReason<Name extends FunctionName>(error: unknown, _function: Name): ReasonOf<Name> | undefined {
  return error instanceof Refusal ? (error.reason as ReasonOf<Name> | undefined) : undefined
}

/** The database's reason when `error` is one of its refusals (contracts/refusals.ts), typed so tsc knows each. */
export function databaseReason(error: unknown): DatabaseReason | undefined {
  return error instanceof Refusal && isDatabaseReason(error.reason) ? error.reason : undefined
}
