/**
 * PostgREST's error body `{code, message, details, hint}` and its SQLSTATE → HTTP status map
 * (PostgREST's `mapSQLtoHTTP`).
 */
import { json } from '../http.ts'
import type { RequestRole } from '../db.ts'

export type ErrorDetails = string | null | unknown[]

/** An error PostgREST itself raises (PGRSTxxx) or one we raise with a SQLSTATE on its behalf. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  /** Errors that may vanish once the schema cache is reloaded (a migration ran meanwhile). */
  get isSchemaMiss(): boolean {
    return ['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703'].includes(this.code)
  }
}

export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details)
}

interface PgErrorLike {
  code?: string
  message?: string
  detail?: string
  hint?: string
}

export function isPgError(error: unknown): error is PgErrorLike & Error {
  return (
    error instanceof Error &&
    typeof (error as PgErrorLike).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgErrorLike).code!)
  )
}

function statusForSqlState(code: string, message: string, role: RequestRole): number {
  if (code === '23505' || code === '23503') return 409
  if (code === 'P0001') return 400
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  if (code.startsWith('P0')) return 500
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '42883' || code === '42P01') return 404
  if (code === '25006') return 405
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '22023' && /^role ".*" does not exist$/.test(message)) return 401
  if (code.startsWith('08') || code.startsWith('53') || code === '57P01') return 503
  if (code === '42P17') return 500
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|XX)/.test(code)) return 500
  if (/^(0L|0P|28)/.test(code)) return 403
  return 400
}

export function fromPgError(error: PgErrorLike, role: RequestRole): RestError {
  const code = error.code ?? 'XX000'
  const message = error.message ?? 'Database error'
  return new RestError(statusForSqlState(code, message, role), code, message, error.detail || null, error.hint || null)
}

export function errorResponse(error: RestError): Response {
  const body = { code: error.code, details: error.details, hint: error.hint, message: error.message }
  return json(body, error.status, error.headers)
}
