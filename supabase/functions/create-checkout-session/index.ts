/**
 * create-checkout-session: body {email, fullName, planType, recipientType, appliedCoupon?,
 * paymentMethod, bookId?} from a signed-in user with a confirmed e-mail. The amount comes from
 * plan_prices and the re-validated coupon, never from the body. Records a payment_sessions row
 * ('created') and a hosted checkout of the configured payment provider, and answers {url,
 * session_id}; the browser goes to `url`. The provider returns the buyer to /create-book (for_me)
 * or /gift-generation (gift) with `session_id`, or to /payment on cancel or a declined payment
 * (with the applied coupon, so the same purchase is tried again from there).
 * The checkout holds its coupon's use until it is paid, fails or expires (open_checkout), and the
 * same purchase asked again within half an hour (a double click, a second tab) gets the checkout
 * already open. A coupon that makes the plan free is refused here
 * (422 coupon_covers_price): that path is apply-coupon.
 */
import type { z } from 'zod'
import { requireCaller, serviceClient, type Caller, type ServiceClient } from '../_shared/clients/clients.ts'
import { couponRefused, requireUsableCoupon } from '../_shared/payments/coupons.ts'
import { requireEnv, siteUrl } from '../_shared/clients/env.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'
import { loadPlanPrice, type PlanPrice } from '../_shared/payments/prices.ts'
import { priceWithCoupon, type PriceBreakdown } from '../_shared/payments/pricing.ts'
import {
  configuredProvider,
  type CheckoutOrder,
  type CreatedCheckout,
  type PaymentProvider,
} from '../_shared/payments/index.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/create-checkout-session.ts'
import { PLAN_NAMES } from '../../../contracts/plans.ts'
import type { CouponRefusal } from '../../../contracts/validate-coupon.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'

type Body = z.output<typeof bodySchema>

async function amountFor(
  service: ServiceClient,
  price: PlanPrice,
  couponCode: string | null | undefined,
): Promise<{ pricing: PriceBreakdown; coupon: string | null }> {
  if (!couponCode) return { pricing: priceWithCoupon(price.price_agorot, null), coupon: null }
  const { coupon, pricing } = await requireUsableCoupon(service, couponCode, price)
  if (pricing.final_agorot === 0) throw new HttpError(422, messages.couponCoversPrice, 'coupon_covers_price')
  return { pricing, coupon: coupon.code }
}

/** A book being paid for (an unpaid book, or an upgrade) must be the caller's own. */
async function requireOwnBook(service: ServiceClient, caller: Caller, bookId: string): Promise<void> {
  const { data, error } = await service
    .from('memory_books')
    .select('id')
    .eq('id', bookId)
    .eq('owner_email', caller.email)
    .maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  if (!data) throw new HttpError(404, messages.bookNotFound, 'book_not_found')
}

/**
 * Where the provider sends the buyer. Back from a cancelled or declined payment, /payment opens with
 * the same plan and the coupon they applied (checked again there), so trying again takes one tap.
 */
function returnUrls(body: Body) {
  const { planType: plan, recipientType: recipient, bookId, appliedCoupon } = body
  const site = siteUrl()
  const book = bookId ? `&book=${bookId}` : ''
  const coupon = appliedCoupon ? `&coupon=${encodeURIComponent(appliedCoupon)}` : ''
  const success =
    recipient === 'gift'
      ? `${site}/gift-generation?plan=${plan}&paid=true&session_id={SESSION_ID}`
      : `${site}/create-book?session_id={SESSION_ID}&plan=${plan}&paid=true${book}`
  const cancel = `${site}/payment?plan=${plan}&type=${recipient}&cancelled=true${book}${coupon}`
  const failure = `${site}/payment?plan=${plan}&type=${recipient}&failed=true${book}${coupon}`
  return { success, cancel, failure }
}

function checkoutOrder(caller: Caller, body: Body, price: PlanPrice, amount: number): CheckoutOrder {
  const urls = returnUrls(body)
  return {
    reference: crypto.randomUUID(),
    description: `ספר זיכרון דיגיטלי · ${PLAN_NAMES[body.planType]}`,
    amountAgorot: amount,
    currency: price.currency,
    buyer: { userId: caller.id, name: body.fullName, email: caller.email },
    successUrl: urls.success,
    cancelUrl: urls.cancel,
    failureUrl: urls.failure,
    callbackUrl: `${requireEnv('SUPABASE_URL').replace(/\/+$/, '')}/functions/v1/payment-callback`,
    metadata: {
      user_id: caller.id,
      plan_type: body.planType,
      recipient_type: body.recipientType,
      coupon_code: body.appliedCoupon ?? '',
      book_id: body.bookId ?? '',
    },
  }
}

interface OpenCheckout {
  session_id: string
  url: string
}

interface StillOpen extends OpenCheckout {
  amount: number
}

type Opening =
  | { outcome: 'opened' }
  | ({ outcome: 'reused' } & OpenCheckout)
  | { outcome: 'coupon_refused'; reason: CouponRefusal }

/** What identifies one purchase of the buyer: the same one asked again gets the checkout already open. */
function purchaseOf(caller: Caller, body: Body, amount: number, coupon: string | null) {
  return {
    buyer: caller.id,
    plan: body.planType,
    recipient: body.recipientType,
    book: body.bookId ?? null,
    amount,
    coupon,
  }
}

/** The buyer's checkout of this very purchase still open (a double click, a second tab, back and pay again). */
async function openCheckoutOf(service: ServiceClient, caller: Caller, body: Body): Promise<StillOpen | null> {
  const { data, error } = await service.rpc('open_checkout_of', {
    buyer: caller.id,
    plan: body.planType,
    recipient: body.recipientType,
    book: body.bookId ?? undefined,
    coupon: body.appliedCoupon ?? undefined,
  })
  if (error) throw new Error(`open_checkout_of: ${error.message}`)
  return jsonbAnswer<StillOpen | null>(data)
}

/** Records the provider's new checkout and holds its coupon's use (open_checkout, one transaction). */
async function recordCheckout(
  service: ServiceClient,
  provider: PaymentProvider,
  checkout: CreatedCheckout,
  caller: Caller,
  purchase: ReturnType<typeof purchaseOf>,
  currency: string,
): Promise<OpenCheckout> {
  const { data, error } = await service.rpc('open_checkout', {
    session_id: checkout.sessionId,
    provider: provider.name,
    provider_checkout_id: checkout.providerCheckoutId ?? undefined,
    checkout_url: checkout.url,
    buyer: caller.id,
    buyer_email: caller.email,
    plan: purchase.plan,
    recipient: purchase.recipient,
    book: purchase.book ?? undefined,
    amount: purchase.amount,
    currency,
    coupon: purchase.coupon ?? undefined,
  })
  const opening = jsonbAnswer<Opening | null>(data)
  if (error || !opening) {
    console.error('recording the checkout failed', error)
    await provider.abandonCheckout(checkout)
    throw new HttpError(502, messages.checkoutFailed, 'checkout_failed')
  }
  if (opening.outcome === 'opened') return { session_id: checkout.sessionId, url: checkout.url }
  await provider.abandonCheckout(checkout)
  if (opening.outcome === 'reused') return { session_id: opening.session_id, url: opening.url }
  throw couponRefused(opening.reason)
}

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    if (body.bookId) await requireOwnBook(service, caller, body.bookId)
    const price = await loadPlanPrice(service, body.planType)
    const open = await openCheckoutOf(service, caller, body)
    if (open) {
      const discount = price.price_agorot - open.amount
      const pricing = { price_agorot: price.price_agorot, discount_agorot: discount, final_agorot: open.amount }
      return jsonResponse({ url: open.url, session_id: open.session_id, ...pricing })
    }
    const { pricing, coupon } = await amountFor(service, price, body.appliedCoupon)
    const purchase = purchaseOf(caller, body, pricing.final_agorot, coupon)

    const provider = configuredProvider()
    let checkout: CreatedCheckout
    try {
      checkout = await provider.createCheckout(checkoutOrder(caller, body, price, pricing.final_agorot))
    } catch (error) {
      console.error(`${provider.name} checkout failed`, error)
      throw new HttpError(502, messages.checkoutFailed, 'checkout_failed')
    }
    const recorded = await recordCheckout(service, provider, checkout, caller, purchase, price.currency)
    return jsonResponse({ url: recorded.url, session_id: recorded.session_id, ...pricing })
  }),
)
