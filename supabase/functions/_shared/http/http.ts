/**
 * JSON responses for edge functions, CORS included, UTF-8 so Hebrew messages arrive intact, and a
 * wrapper that answers preflights and turns thrown errors into JSON error bodies. The SPA reads
 * an error as `await error.context.json()` → `{ error, code? }`.
 */
import { corsHeaders, preflightResponse } from './cors.ts'

const JSON_HEADERS = { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' }

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } })
}

export interface ErrorBody {
  /** A message fit to show the user (Hebrew). */
  error: string
  /** A stable machine-readable code, e.g. `coupon_expired`. */
  code?: string
}

export function errorResponse(message: string, status = 400, code?: string): Response {
  const body: ErrorBody = code ? { error: message, code } : { error: message }
  return jsonResponse(body, status)
}

/** Thrown anywhere inside a `handleRequest` handler to answer with this status and message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

const GENERIC_ERROR_MESSAGE = 'אירעה שגיאה בלתי צפויה, נסו שוב בעוד רגע'

/** The request body as JSON; a 400 HttpError when it is not JSON. */
export async function readJson<T = unknown>(req: Request): Promise<T> {
  try {
    return (await req.json()) as T
  } catch {
    throw new HttpError(400, 'גוף הבקשה אינו JSON תקין', 'invalid_json')
  }
}

export { clientAddress } from './client-address.ts'

type Handler = (req: Request) => Response | Promise<Response>

/**
 * `Deno.serve(handleRequest(async (req) => …))`: answers OPTIONS, maps HttpError to its JSON
 * body, and any other error to a logged 500 with a generic Hebrew message.
 */
export function handleRequest(handler: Handler): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = preflightResponse(req)
    if (preflight) return preflight
    try {
      return await handler(req)
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.message, error.status, error.code)
      console.error(error)
      return errorResponse(GENERIC_ERROR_MESSAGE, 500, 'internal_error')
    }
  }
}
