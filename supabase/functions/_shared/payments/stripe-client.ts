/**
 * The official stripe SDK. In development STRIPE_API_HOST/PORT/PROTOCOL point it at the local
 * payment sandbox; in production they are unset and it talks to api.stripe.com.
 */
import Stripe from 'stripe'
import { requireEnv } from '../clients/env.ts'

export type { Stripe }

function sandboxAddress(): { host: string; port?: number; protocol?: 'http' | 'https' } | Record<string, never> {
  const host = Deno.env.get('STRIPE_API_HOST')
  if (!host) return {}
  const port = Deno.env.get('STRIPE_API_PORT')
  const protocol = Deno.env.get('STRIPE_API_PROTOCOL') === 'http' ? 'http' : 'https'
  return { host, protocol, ...(port ? { port: Number(port) } : {}) }
}

export function stripeClient(): Stripe {
  return new Stripe(requireEnv('STRIPE_SECRET_KEY'), {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    ...sandboxAddress(),
  })
}

const cryptoProvider = Stripe.createSubtleCryptoProvider()

/** The event if `signature` (the Stripe-Signature header) signs `payload` with the webhook secret; else throws. */
export function verifiedEvent(stripe: Stripe, payload: string, signature: string): Promise<Stripe.Event> {
  return stripe.webhooks.constructEventAsync(
    payload,
    signature,
    requireEnv('STRIPE_WEBHOOK_SECRET'),
    undefined,
    cryptoProvider,
  )
}
