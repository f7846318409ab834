/**
 * Per-client limits for functions: each counted request is recorded by the service role
 * (public.rate_limit_hit) in its own request to the database, so the caller cannot undo it.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { HttpError } from './http.ts'
import { messages } from '../../../../contracts/messages.ts'

export interface RateLimit {
  scope: string
  maxHits: number
  windowSeconds: number
}

/** Coupon checks (validate-coupon, apply-coupon): 10 per signed-in user and 60 per address in 15 minutes. */
export const COUPON_CHECKS_PER_USER: RateLimit = { scope: 'coupon_user', maxHits: 10, windowSeconds: 15 * 60 }
export const COUPON_CHECKS_PER_ADDRESS: RateLimit = { scope: 'coupon_address', maxHits: 60, windowSeconds: 15 * 60 }

/** Counts one request of every client under its limit; 429 (nothing counted) when any is over. */
export async function requireWithinLimits(
  service: ServiceClient,
  checks: { limit: RateLimit; client: string }[],
): Promise<void> {
  for (const { limit, client } of checks) {
    const { data, error } = await service.rpc('rate_limit_hit', {
      scope: limit.scope,
      clients: [client],
      max_hits: limit.maxHits,
      window_seconds: limit.windowSeconds,
    })
    if (error) throw new Error(`rate_limit_hit: ${error.message}`)
    if (data !== true) throw new HttpError(429, messages.tooManyAttempts, 'rate_limited')
  }
}
