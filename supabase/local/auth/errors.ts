/**
 * GoTrue's error bodies. supabase-js reads `code` only when the response carries
 * `X-Supabase-Api-Version`, so every error sends the header, `code` and `error_code` both.
 */
import { json } from '../http.ts'

const API_VERSION = '2024-01-01'

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message)
export const unauthorized = (code: string, message: string) => new AuthApiError(401, code, message)
export const forbidden = (code: string, message: string) => new AuthApiError(403, code, message)
export const notFound = (code: string, message: string) => new AuthApiError(404, code, message)
export const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message)
export const tooManyRequests = (code: string, message: string) => new AuthApiError(429, code, message)

export const invalidEmailError = () =>
  badRequest('validation_failed', 'Unable to validate email address: invalid format')

export function weakPasswordError(minLength: number): AuthApiError {
  return new AuthApiError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ['length'] },
  })
}

/** The 2024 shape for clients that send the API version header, the legacy shape otherwise. */
export function errorResponse(req: Request, error: AuthApiError): Response {
  const modern = req.headers.get('x-supabase-api-version') !== null
  const body = {
    code: modern ? error.code : error.status,
    error_code: error.code,
    msg: error.message,
    message: error.message,
    ...error.extra,
  }
  return json(body, error.status, { 'x-supabase-api-version': API_VERSION, 'x-sb-error-code': error.code })
}

/** Responses of the auth service always carry the API version header, as GoTrue's do. */
export function authJson(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers)
  merged.set('x-supabase-api-version', API_VERSION)
  return json(body, status, merged)
}
