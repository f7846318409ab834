/** Stripe's error body: `{ error: { type, message, code?, param? } }` with a 4xx status. */
import { json } from '../http.ts'

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message)
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message }
    if (this.code) error.code = this.code
    if (this.param) error.param = this.param
    return { error }
  }

  toResponse(): Response {
    return json(this.body(), this.status)
  }
}

export const missingParameter = (param: string) =>
  new StripeApiError(400, `Missing required param: ${param}.`, 'parameter_missing', param)

export const invalidParameter = (param: string, message: string, code = 'parameter_invalid') =>
  new StripeApiError(400, message, code, param)

export const noSuchObject = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, `No such ${kind}: '${id}'`, 'resource_missing', param)
