import type { FunctionName, ReasonOf } from '@contracts/index.ts'

/**
 * The one shape of a server's "no" in the app, from an edge function or from the database:
 * the HTTP `status`, the stable `reason` screens branch on (a function's `code`, a database
 * refusal's `hint`, e.g. family_code_locked) and the Hebrew `message`, fit to show as is.
 */
export class Refusal extends Error {
  readonly status: number
  readonly reason: string | undefined

  constructor(status: number, reason: string | undefined, message: string) {
    super(message)
    this.name = 'Refusal'
    this.status = status
    this.reason = reason
  }
}

interface DatabaseError {
  message: string
  code?: string | null
  hint?: string | null
}

/** The HTTP status PostgREST answers a database error's SQLSTATE with, for the refusals the app raises. */
function statusOfSqlState(sqlState: string | null | undefined): number {
  if (sqlState === '42501') return 403
  if (sqlState === 'PGRST116') return 406
  if (sqlState?.startsWith('23')) return 409
  return 400
}

/**
 * A failed database call as a Refusal: its message (Hebrew for every refusal the migrations raise),
 * its hint as the reason, and the response's status when the caller has it.
 */
export function databaseRefusal(error: DatabaseError, status = statusOfSqlState(error.code)): Refusal {
  return new Refusal(status, error.hint ?? undefined, error.message)
}

/**
 * The reason of edge function `_function`'s refusal when `error` is one, e.g. to branch on
 * `session_already_used`: typed by the function's contract, so tsc refuses a comparison with a
 * reason the function never gives.
 */
export function refusalReason<Name extends FunctionName>(error: unknown, _function: Name): ReasonOf<Name> | undefined {
  return error instanceof Refusal ? (error.reason as ReasonOf<Name> | undefined) : undefined
}
