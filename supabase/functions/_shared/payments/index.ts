/**
 * The payment provider of this deployment: PAYMENT_PROVIDER=payplus (the default) or stripe.
 * A stored checkout is always handled by the provider that created it.
 */
import { HttpError } from '../http.ts'
import { payplusProvider } from './payplus.ts'
import { PROVIDER_NAMES, type PaymentProvider, type ProviderName } from './provider.ts'
import { stripeProvider } from './stripe.ts'

export * from './provider.ts'

function providerNamed(name: ProviderName): PaymentProvider {
  return name === 'stripe' ? stripeProvider() : payplusProvider()
}

export function configuredProvider(): PaymentProvider {
  const name = (Deno.env.get('PAYMENT_PROVIDER') || 'payplus').trim().toLowerCase()
  if (!PROVIDER_NAMES.includes(name as ProviderName)) {
    throw new HttpError(500, 'שגיאה בהגדרות התשלום בשרת', 'payment_provider_unknown')
  }
  return providerNamed(name as ProviderName)
}

/** The provider of a stored checkout; rows from before providers were recorded are Stripe's. */
export function providerOf(stored: { provider: string | null }): PaymentProvider {
  return providerNamed(stored.provider === 'payplus' ? 'payplus' : 'stripe')
}
