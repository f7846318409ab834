/**
 * The payment providers, by the name a deployment chooses (PAYMENT_PROVIDER: payplus, the default,
 * or stripe) and a stored checkout records. A stored checkout is always handled by the provider
 * that created it; a free checkout (a 100% coupon, provider `free`) has none.
 */
import { HttpError } from '../http/http.ts'
import { payplusProvider } from './payplus.ts'
import type { PaymentProvider, ProviderName } from './provider.ts'
import { stripeProvider } from './stripe.ts'

export * from './provider.ts'

const PROVIDERS: Record<ProviderName, () => PaymentProvider> = {
  payplus: payplusProvider,
  stripe: stripeProvider,
}

function isProviderName(name: string | null): name is ProviderName {
  return name !== null && Object.hasOwn(PROVIDERS, name)
}

export function configuredProvider(): PaymentProvider {
  const name = (Deno.env.get('PAYMENT_PROVIDER') || 'payplus').trim().toLowerCase()
  if (!isProviderName(name)) {
    throw new HttpError(500, 'שגיאה בהגדרות התשלום בשרת', 'payment_provider_unknown')
  }
  return PROVIDERS[name]()
}

/** The provider that took a stored checkout's payment; null for a free checkout, which no provider holds. */
export function providerOf(stored: { provider: string | null }): PaymentProvider | null {
  return isProviderName(stored.provider) ? PROVIDERS[stored.provider]() : null
}
