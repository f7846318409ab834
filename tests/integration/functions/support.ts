/**
 * Helpers for the payment and book function tests (users, books and SQL come from the test kit):
 * invoking a function and reading its status and JSON body, coupons and checkout sessions written
 * as fixtures, and paying on the sandbox's hosted checkout.
 */
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import { readFunctionSecrets } from '../../../supabase/local/functions/env.ts'
import { TEST_CARD } from '../../../supabase/local/payments/payplus-checkout.ts'
import { sql, testEnv, unique, type SignedInUser } from '../../../supabase/local/testing/index.ts'

export interface FunctionResult<T> {
  status: number
  data: T | null
  error: { error: string; code?: string } | null
}

/** Calls a function through supabase-js, as the SPA does, and reads a failure's JSON body. */
export async function invoke<T = Record<string, unknown>>(
  client: SupabaseClient,
  name: string,
  body?: unknown,
): Promise<FunctionResult<T>> {
  const { data, error, response } = await client.functions.invoke<T>(
    name,
    body === undefined ? {} : { body: body as Record<string, unknown> },
  )
  if (error instanceof FunctionsHttpError) {
    const context = error.context as Response
    return { status: context.status, data: null, error: (await context.json()) as { error: string; code?: string } }
  }
  if (error) throw error
  return { status: response?.status ?? 200, data, error: null }
}

/** POSTs raw text to a function (for bodies supabase-js would not send). */
export async function postRaw(
  name: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<FunctionResult<Record<string, unknown>>> {
  const response = await fetch(`${testEnv.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: testEnv.anonKey,
      authorization: `Bearer ${testEnv.anonKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body,
  })
  const json = (await response.json()) as Record<string, unknown>
  return response.ok
    ? { status: response.status, data: json, error: null }
    : { status: response.status, data: null, error: json as { error: string; code?: string } }
}

export interface CouponOptions {
  discountType?: 'percent' | 'fixed'
  value?: number
  targetPlan?: 'basic' | 'pro' | 'full' | null
  maxUses?: number | null
  usesCount?: number
  expiresInDays?: number | null
}

/** A coupon of its own for one test (the seeded ones are shared by every test). */
export async function createCoupon(options: CouponOptions = {}): Promise<string> {
  const code = `T${unique().toUpperCase()}`
  await sql(
    `insert into "public"."admin_coupons" ("code", "discount_type", "value", "target_plan", "max_uses", "uses_count", "expires_at")
     values ($1, $2, $3, $4, $5, $6, case when $7::int is null then null else now() + make_interval(days => $7::int) end)`,
    [
      code,
      options.discountType ?? 'percent',
      options.value ?? 100,
      options.targetPlan ?? null,
      options.maxUses ?? null,
      options.usesCount ?? 0,
      options.expiresInDays ?? null,
    ],
  )
  return code
}

export async function couponUses(code: string): Promise<number> {
  const [row] = await sql<{ uses: number }>(
    `select "uses_count" as "uses" from "public"."admin_coupons" where "code" = $1`,
    [code],
  )
  return Number(row!.uses)
}

export interface PaymentSessionRow {
  session_id: string
  provider: string | null
  user_id: string | null
  email: string | null
  plan_type: string
  recipient_type: string
  amount_agorot: number
  coupon_code: string | null
  status: string
  used_by_book: string | null
  paid_at: string | null
}

export async function paymentSessionsOf(userId: string): Promise<PaymentSessionRow[]> {
  return sql<PaymentSessionRow>(
    `select "session_id", "provider", "user_id", "email", "plan_type", "recipient_type", "amount_agorot", "coupon_code",
            "status", "used_by_book", "paid_at"::text as "paid_at"
       from "public"."payment_sessions" where "user_id" = $1 order by "created_at"`,
    [userId],
  )
}

export async function paymentSession(sessionId: string): Promise<PaymentSessionRow | undefined> {
  const [row] = await sql<PaymentSessionRow>(
    `select "session_id", "provider", "user_id", "email", "plan_type", "recipient_type", "amount_agorot", "coupon_code",
            "status", "used_by_book", "paid_at"::text as "paid_at"
       from "public"."payment_sessions" where "session_id" = $1`,
    [sessionId],
  )
  return row
}

export interface Delivery {
  eventId: string
  type: string
  url: string
  payload: string
  headers: Record<string, string>
  status: number | null
  error: string | null
  responseBody: string | null
}

/** The payment provider the test stack's functions use (PAYMENT_PROVIDER, as the stack reads it). */
export const paymentProvider: 'payplus' | 'stripe' =
  (process.env.PAYMENT_PROVIDER || readFunctionSecrets().PAYMENT_PROVIDER) === 'stripe' ? 'stripe' : 'payplus'

export interface SandboxPayment {
  /** PayPlus's way of paying: the test card (default), Bit, a wallet; `card` another card number. */
  method?: 'credit-card' | 'bit' | 'apple-pay' | 'google-pay'
  card?: string
}

/**
 * Pays a checkout on the sandbox's hosted page of its provider (JSON form): the signed callback is
 * delivered before it answers.
 */
export async function payOnSandbox(
  sessionId: string,
  payment: SandboxPayment = {},
): Promise<{ status: number; delivery: Delivery; redirect: string }> {
  let url = `${testEnv.paymentsUrl}/checkout/${sessionId}/pay`
  let body: string | undefined
  if (sessionId.startsWith('pp_')) {
    const [row] = await sql<{ page: string }>(
      `select "provider_checkout_id" as "page" from "public"."payment_sessions" where "session_id" = $1`,
      [sessionId],
    )
    url = `${testEnv.paymentsUrl}/payplus/${row!.page}/pay`
    body = new URLSearchParams({
      method: payment.method ?? 'credit-card',
      card_number: payment.card ?? TEST_CARD,
    }).toString()
  }
  const response = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })
  const answer = (await response.json()) as { delivery: Delivery; redirect: string }
  return { status: response.status, ...answer }
}

export interface CheckoutAtProvider {
  amountAgorot: number
  currency: string
  email: string | null
  /** The return address as the provider holds it (Stripe keeps its `{CHECKOUT_SESSION_ID}` template). */
  successUrl: string
  cancelUrl: string
}

/** What the provider's sandbox was asked to charge for a checkout, in one shape for both providers. */
export async function checkoutAtProvider(answer: { session_id: string; url: string }): Promise<CheckoutAtProvider> {
  const response = await fetch(answer.url, { headers: { accept: 'application/json' } })
  if (answer.session_id.startsWith('pp_')) {
    const page = (await response.json()) as { amountAgorot: number; request: Record<string, unknown> }
    const request = page.request
    return {
      amountAgorot: page.amountAgorot,
      currency: String(request.currency_code).toLowerCase(),
      email: String((request.customer as Record<string, unknown>).email),
      successUrl: String(request.refURL_success),
      cancelUrl: String(request.refURL_cancel),
    }
  }
  const session = (await (
    await fetch(`${testEnv.paymentsUrl}/v1/checkout/sessions/${answer.session_id}`, {
      headers: { authorization: 'Bearer sk_test_checkout_tests' },
    })
  ).json()) as Record<string, unknown>
  return {
    amountAgorot: Number(session.amount_total),
    currency: String(session.currency),
    email: (session.customer_email as string | null) ?? null,
    successUrl: String(session.success_url),
    cancelUrl: String(session.cancel_url),
  }
}

/** The return address a provider holds for checkout `sessionId`, from our template with `{SESSION_ID}`. */
export function returnUrlAtProvider(template: string, sessionId: string): string {
  return paymentProvider === 'stripe'
    ? template.replace('{SESSION_ID}', '{CHECKOUT_SESSION_ID}')
    : template.replace('{SESSION_ID}', sessionId)
}

export async function deliveriesFor(sessionId: string): Promise<Delivery[]> {
  const all = (await (await fetch(`${testEnv.paymentsUrl}/deliveries`)).json()) as Delivery[]
  return all.filter((delivery) => delivery.payload.includes(sessionId))
}

export interface CheckoutAnswer {
  url: string
  session_id: string
  price_agorot: number
  discount_agorot: number
  final_agorot: number
}

export function checkoutBody(user: SignedInUser, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: user.email,
    fullName: 'קונה בדיקה',
    planType: 'pro',
    recipientType: 'for_me',
    paymentMethod: 'card',
    ...overrides,
  }
}

export async function startCheckout(
  user: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<CheckoutAnswer> {
  const result = await invoke<CheckoutAnswer>(user.client, 'create-checkout-session', checkoutBody(user, overrides))
  expect(result.error).toBeNull()
  return result.data!
}

export const bookBody = {
  full_name: 'אברהם כהן',
  creator_name: 'שרה כהן',
  birth_date: '1940-05-01',
  death_date: '2024-02-10',
  memory_quote: 'זיכרונו לברכה',
}

/** A gift as create-gift answers it. */
export interface Gift {
  existing: boolean
  id: string
  short_code: string
  gift_code: string
  gift_code_expires_at: string
  gift_recipient_name: string
  full_name: string
  gift_status: string
}

export const giftNames = { recipient_name: 'דנה לוי', deceased_name: 'יוסף לוי' }

/** A gift checkout paid on the sandbox's hosted page; its session id. */
export async function paidGiftSession(buyer: SignedInUser): Promise<string> {
  const checkout = await startCheckout(buyer, { recipientType: 'gift' })
  expect((await payOnSandbox(checkout.session_id)).status).toBe(200)
  return checkout.session_id
}

/** A gift created from a paid (or free-coupon) gift session, as its buyer. */
export async function createGift(buyer: SignedInUser, sessionId: string): Promise<Gift> {
  const result = await invoke<Gift>(buyer.client, 'create-gift', { session_id: sessionId, ...giftNames })
  expect(result.error).toBeNull()
  return result.data!
}

/** The refunds the provider's sandbox issued for checkout `sessionId`. */
export async function refundsOf(sessionId: string): Promise<unknown[]> {
  if (sessionId.startsWith('pp_')) {
    const [row] = await sql<{ transaction: string | null }>(
      `select "transaction_id" as "transaction" from "public"."payment_sessions" where "session_id" = $1`,
      [sessionId],
    )
    const url = `${testEnv.paymentsUrl}/payplus/refunds?transaction_uid=${row!.transaction}`
    return (await (await fetch(url)).json()) as unknown[]
  }
  const auth = { authorization: 'Bearer sk_test_local_sandbox' }
  const session = (await (
    await fetch(`${testEnv.paymentsUrl}/v1/checkout/sessions/${sessionId}`, { headers: auth })
  ).json()) as { payment_intent: string }
  const list = (await (
    await fetch(`${testEnv.paymentsUrl}/v1/refunds?payment_intent=${session.payment_intent}`, { headers: auth })
  ).json()) as { data: unknown[] }
  return list.data
}

/** The admin_logs actions about checkout `sessionId`, oldest first. */
export async function adminLogActions(sessionId: string): Promise<string[]> {
  const rows = await sql<{ action: string }>(
    `select "action" from "public"."admin_logs" where "details" ->> 'session' = $1 order by "timestamp"`,
    [sessionId],
  )
  return rows.map((row) => row.action)
}
