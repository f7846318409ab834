/**
 * create-checkout-session: the amount comes from plan_prices and a re-validated coupon, never
 * from the body; a payment_sessions row and a hosted checkout of the configured provider (PayPlus
 * or Stripe, on the local sandbox) are created together, with return URLs to /create-book or
 * /gift-generation and back to /payment.
 */
import { describe, expect, it } from 'vitest'
import { anonClient, signedInUser, sql, testEnv } from '../../../supabase/local/testing/index.ts'
import {
  checkoutAtProvider,
  checkoutBody,
  couponUses,
  createCoupon,
  invoke,
  paymentProvider,
  payOnSandbox,
  paymentSessionsOf,
  returnUrlAtProvider,
  startCheckout,
} from './support.ts'

describe('create-checkout-session', () => {
  it('prices pro from the price table and records the session for the caller', async () => {
    const user = await signedInUser()
    const answer = await startCheckout(user, { planType: 'pro' })
    expect(answer).toMatchObject({ price_agorot: 14900, discount_agorot: 0, final_agorot: 14900 })
    expect(answer.session_id).toMatch(paymentProvider === 'stripe' ? /^cs_test_/ : /^pp_[0-9a-f-]{36}$/)
    expect(answer.url).toMatch(new RegExp(`^${testEnv.paymentsUrl}/(checkout|payplus)/`))

    expect(await checkoutAtProvider(answer)).toEqual({
      amountAgorot: 14900,
      currency: 'ils',
      email: user.email,
      successUrl: returnUrlAtProvider(
        `${testEnv.siteUrl}/create-book?session_id={SESSION_ID}&plan=pro&paid=true`,
        answer.session_id,
      ),
      cancelUrl: `${testEnv.siteUrl}/payment?plan=pro&type=for_me&cancelled=true`,
    })
    expect(await paymentSessionsOf(user.id)).toEqual([
      expect.objectContaining({
        session_id: answer.session_id,
        email: user.email,
        plan_type: 'pro',
        recipient_type: 'for_me',
        amount_agorot: 14900,
        coupon_code: null,
        status: 'created',
        paid_at: null,
      }),
    ])
  })

  it('ignores any amount, price or owner the body claims', async () => {
    const user = await signedInUser()
    const answer = await startCheckout(user, {
      planType: 'basic',
      amount: 100,
      price: 1,
      amount_agorot: 1,
      email: 'someone@else.test',
    })
    expect((await checkoutAtProvider(answer)).amountAgorot).toBe(9900)
    expect(await paymentSessionsOf(user.id)).toEqual([
      expect.objectContaining({ amount_agorot: 9900, email: user.email }),
    ])
  })

  it('sends a gift purchase back to /gift-generation', async () => {
    const user = await signedInUser()
    const answer = await startCheckout(user, { planType: 'full', recipientType: 'gift' })
    const checkout = await checkoutAtProvider(answer)
    expect(checkout.amountAgorot).toBe(19900)
    expect(checkout.successUrl).toBe(
      returnUrlAtProvider(
        `${testEnv.siteUrl}/gift-generation?plan=full&paid=true&session_id={SESSION_ID}`,
        answer.session_id,
      ),
    )
    expect(await paymentSessionsOf(user.id)).toEqual([
      expect.objectContaining({ recipient_type: 'gift', plan_type: 'full' }),
    ])
  })

  it('charges the discounted price with a coupon and uses the coupon only when paid', async () => {
    const user = await signedInUser()
    const code = await createCoupon({ value: 50, maxUses: 10 })
    const answer = await startCheckout(user, {
      planType: 'pro',
      appliedCoupon: { code: code.toLowerCase(), discount_type: 'percent', value: 99 },
    })
    expect(answer).toMatchObject({ price_agorot: 14900, final_agorot: 7450 })
    const checkout = await checkoutAtProvider(answer)
    expect(checkout.amountAgorot).toBe(7450)
    // Back from a cancelled or declined payment, /payment applies the same coupon again.
    expect(checkout.cancelUrl).toBe(
      `${testEnv.siteUrl}/payment?plan=pro&type=for_me&cancelled=true&coupon=${encodeURIComponent(code)}`,
    )
    expect(await paymentSessionsOf(user.id)).toEqual([
      expect.objectContaining({ amount_agorot: 7450, coupon_code: code }),
    ])
    expect(await couponUses(code)).toBe(0)
  })

  it('carries an own unpaid book through to the return URL', async () => {
    const user = await signedInUser()
    const [book] = await sql<{ id: string }>(
      `insert into "public"."memory_books" ("full_name", "owner_email", "plan_type", "payment_status")
       values ('ספר שלא שולם', $1, 'basic', 'unpaid') returning "id"`,
      [user.email],
    )
    const answer = await startCheckout(user, { planType: 'basic', bookId: book!.id })
    expect((await checkoutAtProvider(answer)).successUrl).toBe(
      returnUrlAtProvider(
        `${testEnv.siteUrl}/create-book?session_id={SESSION_ID}&plan=basic&paid=true&book=${book!.id}`,
        answer.session_id,
      ),
    )
  })

  it('opens one checkout for a double click or a second tab of the same purchase', async () => {
    const user = await signedInUser({ label: 'double-click' })
    const [first, second] = await Promise.all([
      startCheckout(user, { planType: 'pro' }),
      startCheckout(user, { planType: 'pro' }),
    ])
    expect(second).toEqual(first)
    const third = await startCheckout(user, { planType: 'pro' })
    expect(third.session_id).toBe(first.session_id)
    expect(await paymentSessionsOf(user.id)).toHaveLength(1)
  })

  it('offers an open page again only while the provider still honours it (younger than 25 of its 30 minutes)', async () => {
    const user = await signedInUser({ label: 'page-age' })
    const first = await startCheckout(user, { planType: 'pro' })
    const age = (minutes: number) =>
      sql(
        `update "public"."payment_sessions" set "created_at" = now() - make_interval(mins => $2) where "session_id" = $1`,
        [first.session_id, minutes],
      )
    await age(24)
    expect((await startCheckout(user, { planType: 'pro' })).session_id).toBe(first.session_id)
    await age(26)
    const fresh = await startCheckout(user, { planType: 'pro' })
    expect(fresh.session_id).not.toBe(first.session_id)
    expect(fresh.url).not.toBe(first.url)
  })

  it('never sells a one-use coupon twice: two checkouts at the same moment, one holds it, the other is refused', async () => {
    const [first, second] = await Promise.all([
      signedInUser({ label: 'coupon-tab-1' }),
      signedInUser({ label: 'coupon-tab-2' }),
    ])
    const code = await createCoupon({ value: 50, maxUses: 1 })
    const results = await Promise.all(
      [first, second].map((user) =>
        invoke<{ session_id: string }>(
          user.client,
          'create-checkout-session',
          checkoutBody(user, { appliedCoupon: code }),
        ),
      ),
    )
    expect(results.map((result) => result.status).sort()).toEqual([200, 422])
    const refused = results.find((result) => result.status === 422)!
    expect(refused.error).toEqual({ error: 'הקופון נוצל במלואו', code: 'coupon_used_up' })
    const opened = results.find((result) => result.status === 200)!.data!.session_id
    expect(await couponUses(code)).toBe(0)

    // The hold shows everywhere the coupon is checked, and a paid checkout confirms the use.
    const third = await signedInUser({ label: 'coupon-tab-3' })
    const check = await invoke<{ valid: boolean; reason_code: string }>(third.client, 'validate-coupon', {
      code,
      selected_plan: 'pro',
    })
    expect(check.data).toMatchObject({ valid: false, reason_code: 'coupon_used_up' })
    expect((await payOnSandbox(opened)).status).toBe(200)
    expect(await couponUses(code)).toBe(1)
    expect(
      (await invoke(third.client, 'create-checkout-session', checkoutBody(third, { appliedCoupon: code }))).status,
    ).toBe(422)
  })

  it('releases the coupon held by a checkout that failed or expired', async () => {
    const [first, second, third] = await Promise.all([
      signedInUser({ label: 'hold-declined' }),
      signedInUser({ label: 'hold-next' }),
      signedInUser({ label: 'hold-after-expiry' }),
    ])
    const code = await createCoupon({ value: 20, maxUses: 1 })
    const declined = await startCheckout(first, { appliedCoupon: code })
    expect(
      (await invoke(second.client, 'create-checkout-session', checkoutBody(second, { appliedCoupon: code }))).status,
    ).toBe(422)
    await sql(`update "public"."payment_sessions" set "status" = 'failed' where "session_id" = $1`, [
      declined.session_id,
    ])

    const next = await startCheckout(second, { appliedCoupon: code })
    // An hour later the checkout can no longer be paid: its hold lapses.
    await sql(
      `update "public"."payment_sessions" set "created_at" = now() - interval '61 minutes' where "session_id" = $1`,
      [next.session_id],
    )
    const after = await startCheckout(third, { appliedCoupon: code })
    expect(after.session_id).not.toBe(next.session_id)
    expect(await couponUses(code)).toBe(0)
  })

  const couponRefusals: Array<[string, () => Promise<string>, number, string]> = [
    ['an unknown coupon', async () => 'NO-SUCH-CHECKOUT', 422, 'coupon_not_found'],
    ['an expired coupon', () => createCoupon({ value: 10, expiresInDays: -1 }), 422, 'coupon_expired'],
    ['a used-up coupon', () => createCoupon({ value: 10, maxUses: 3, usesCount: 3 }), 422, 'coupon_used_up'],
    ['a coupon of another plan', () => createCoupon({ value: 10, targetPlan: 'basic' }), 422, 'coupon_wrong_plan'],
    [
      'a coupon that makes it free (the apply-coupon path)',
      () => createCoupon({ value: 100 }),
      422,
      'coupon_covers_price',
    ],
  ]

  it.each(couponRefusals)('refuses %s and creates no session', async (_label, makeCode, status, code) => {
    const user = await signedInUser()
    const result = await invoke(
      user.client,
      'create-checkout-session',
      checkoutBody(user, { appliedCoupon: await makeCode() }),
    )
    expect(result.status).toBe(status)
    expect(result.error!.code).toBe(code)
    expect(result.error!.error).toMatch(/[\u0590-\u05FF]/)
    expect(await paymentSessionsOf(user.id)).toEqual([])
  })

  const badBodies: Array<[string, Record<string, unknown>, string]> = [
    ['a missing plan', { planType: undefined }, 'חבילה לא תקינה'],
    ['an unknown plan', { planType: 'gold' }, 'חבילה לא תקינה'],
    ['a missing recipient type', { recipientType: undefined }, 'סוג הרכישה אינו תקין'],
    ['a bad e-mail', { email: 'not-an-email' }, 'כתובת האימייל אינה תקינה'],
    ['a missing name', { fullName: '  ' }, 'אנא מלא את כל השדות הנדרשים'],
    ['a name of the wrong type', { fullName: 42 }, 'אנא מלא את כל השדות הנדרשים'],
    ['an unknown payment method', { paymentMethod: 'cash' }, 'אמצעי התשלום אינו נתמך'],
    ['a coupon of the wrong type', { appliedCoupon: 50 }, 'קופון לא נמצא או לא תקף'],
  ]

  it.each(badBodies)('refuses %s with 400 and creates no session', async (_label, overrides, message) => {
    const user = await signedInUser()
    const result = await invoke(user.client, 'create-checkout-session', checkoutBody(user, overrides))
    expect(result).toMatchObject({ status: 400, error: { error: message, code: 'invalid_body' } })
    expect(await paymentSessionsOf(user.id)).toEqual([])
  })

  it("refuses another user's book with 404", async () => {
    const [owner, stranger] = await Promise.all([signedInUser({ label: 'owner' }), signedInUser({ label: 'stranger' })])
    const [book] = await sql<{ id: string }>(
      `insert into "public"."memory_books" ("full_name", "owner_email", "payment_status") values ('ספר של אחר', $1, 'unpaid') returning "id"`,
      [owner.email],
    )
    const result = await invoke(
      stranger.client,
      'create-checkout-session',
      checkoutBody(stranger, { bookId: book!.id }),
    )
    expect(result).toMatchObject({ status: 404, error: { code: 'book_not_found' } })
    expect(await paymentSessionsOf(stranger.id)).toEqual([])
  })

  it('refuses a caller without a user session with 401', async () => {
    const before = await sql<{ count: number }>(`select count(*)::int as "count" from "public"."payment_sessions"`)
    const result = await invoke(anonClient(), 'create-checkout-session', {
      email: 'anon@example.test',
      fullName: 'אנונימי',
      planType: 'pro',
      recipientType: 'for_me',
      paymentMethod: 'card',
    })
    expect(result).toMatchObject({ status: 401, error: { code: 'login_required' } })
    const after = await sql<{ count: number }>(`select count(*)::int as "count" from "public"."payment_sessions"`)
    expect(after[0]!.count).toBe(before[0]!.count)
  })
})
