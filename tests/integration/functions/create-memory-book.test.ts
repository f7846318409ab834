/**
 * create-memory-book: a book only against a paid, unused, for_me payment session of the caller
 * (checkout or redeemed 100% coupon), never on the client's word; owner = the caller's confirmed
 * e-mail, plan = the session's; the session is spent. Every refusal writes nothing. Includes the
 * full payment path: checkout → sandbox pay → webhook → book, once.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  booksOwnedBy,
  signedInUser,
  type SignedInUser,
  sql,
  testEnv,
} from '../../../supabase/local/testing/index.ts'
import { bookBody, createCoupon, invoke, payOnSandbox, paymentSession, startCheckout } from './support.ts'

interface CreatedBook {
  id: string
  short_code: string
  family_access_code: string
  plan_type: string
}

async function paidCheckout(user: SignedInUser, plan = 'pro'): Promise<string> {
  const checkout = await startCheckout(user, { planType: plan })
  expect((await payOnSandbox(checkout.session_id)).status).toBe(200)
  return checkout.session_id
}

async function freeSession(user: SignedInUser, plan = 'basic'): Promise<string> {
  const code = await createCoupon({ value: 100 })
  const result = await invoke<{ session_id: string }>(user.client, 'apply-coupon', { code, selected_plan: plan })
  expect(result.status).toBe(200)
  return result.data!.session_id
}

async function bookCount(): Promise<number> {
  const [row] = await sql<{ count: number }>(`select count(*)::int as "count" from "public"."memory_books"`)
  return row!.count
}

describe('create-memory-book', () => {
  it('creates the book once after the full payment path (checkout → sandbox pay → webhook)', async () => {
    const user = await signedInUser()
    const sessionId = await paidCheckout(user, 'pro')
    expect(await paymentSession(sessionId)).toMatchObject({ status: 'paid' })

    const first = await invoke<CreatedBook>(user.client, 'create-memory-book', {
      ...bookBody,
      session_id: sessionId,
      plan_type: 'full',
      owner_email: 'attacker@example.test',
      payment_status: 'paid',
    })
    expect(first.status).toBe(200)
    expect(first.data).toMatchObject({ plan_type: 'pro' })
    expect(first.data!.family_access_code).toMatch(/^\d{4}$/)
    expect(first.data!.short_code).toMatch(/^[A-Z2-9]{8}$/)

    const books = await booksOwnedBy(user.email)
    expect(books).toEqual([
      expect.objectContaining({
        id: first.data!.id,
        full_name: 'אברהם כהן',
        creator_name: 'שרה כהן',
        owner_email: user.email,
        plan_type: 'pro',
        payment_status: 'paid',
        session_id: sessionId,
        birth_date: '1940-05-01',
        death_date: '2024-02-10',
        purchaser_user_id: user.id,
      }),
    ])
    expect(await paymentSession(sessionId)).toMatchObject({ used_by_book: first.data!.id })

    const second = await invoke(user.client, 'create-memory-book', { ...bookBody, session_id: sessionId })
    expect(second).toMatchObject({
      status: 409,
      error: { error: 'התשלום הזה כבר שימש ליצירת ספר', code: 'session_already_used' },
    })
    expect(await booksOwnedBy(user.email)).toHaveLength(1)
  })

  it("creates a book from a redeemed 100% coupon session, on that session's plan", async () => {
    const user = await signedInUser()
    const sessionId = await freeSession(user, 'basic')
    const result = await invoke<CreatedBook>(user.client, 'create-memory-book', {
      ...bookBody,
      session_id: sessionId,
      plan_type: 'full',
    })
    expect(result).toMatchObject({ status: 200, data: { plan_type: 'basic' } })
    expect(await paymentSession(sessionId)).toMatchObject({ used_by_book: result.data!.id })
  })

  it('stores whether the death was after sunset, and refuses a value that is not a boolean', async () => {
    const user = await signedInUser()
    const refused = await invoke(user.client, 'create-memory-book', {
      ...bookBody,
      session_id: await freeSession(user),
      died_after_sunset: 'yes',
    })
    expect(refused.status).toBe(400)
    expect(await booksOwnedBy(user.email)).toEqual([])

    const created = await invoke<CreatedBook>(user.client, 'create-memory-book', {
      ...bookBody,
      session_id: await freeSession(user),
      died_after_sunset: true,
    })
    expect(created.status).toBe(200)
    expect(await booksOwnedBy(user.email)).toEqual([expect.objectContaining({ died_after_sunset: true })])
  })

  it('keeps a session spent after its book is deleted: no second book, not offered as unused', async () => {
    const user = await signedInUser()
    const sessionId = await freeSession(user, 'basic')
    const first = await invoke<CreatedBook>(user.client, 'create-memory-book', { ...bookBody, session_id: sessionId })
    expect(first.status).toBe(200)
    await sql(`delete from "public"."memory_books" where "id" = $1`, [first.data!.id])
    expect(await paymentSession(sessionId)).toMatchObject({ used_by_book: null })

    const unspent = await user.client
      .from('payment_sessions')
      .select('session_id')
      .eq('status', 'paid')
      .is('used_by_book', null)
      .is('used_at', null)
    expect(unspent).toMatchObject({ error: null, data: [] })
    const again = await invoke(user.client, 'create-memory-book', { ...bookBody, session_id: sessionId })
    expect(again).toMatchObject({ status: 409, error: { code: 'session_already_used' } })
    expect(await booksOwnedBy(user.email)).toEqual([])
  })

  it("spends the caller's onboarding answers on the first book, so the next one starts empty", async () => {
    const user = await signedInUser()
    const saved = await user.client
      .from('onboarding_data')
      .upsert({ user_id: user.id, relationship: 'parent', deceased_name: 'אבא' })
    expect(saved.error).toBeNull()
    const result = await invoke<CreatedBook>(user.client, 'create-memory-book', {
      ...bookBody,
      session_id: await freeSession(user),
    })
    expect(result.status).toBe(200)
    expect(await user.client.from('onboarding_data').select('deceased_name')).toMatchObject({ error: null, data: [] })
  })

  it('confirms with the payment provider itself when its callback has not been recorded yet', async () => {
    const user = await signedInUser()
    const sessionId = await paidCheckout(user, 'basic')
    // As if the callback were still on its way.
    await sql(`update "public"."payment_sessions" set "status" = 'created', "paid_at" = null where "session_id" = $1`, [
      sessionId,
    ])
    const result = await invoke<CreatedBook>(user.client, 'create-memory-book', { ...bookBody, session_id: sessionId })
    expect(result).toMatchObject({ status: 200, data: { plan_type: 'basic' } })
    expect(await paymentSession(sessionId)).toMatchObject({ status: 'paid', used_by_book: result.data!.id })
  })

  it('refuses a checkout session that was never paid (402), writing nothing', async () => {
    const user = await signedInUser()
    const checkout = await startCheckout(user)
    const result = await invoke(user.client, 'create-memory-book', { ...bookBody, session_id: checkout.session_id })
    expect(result).toMatchObject({ status: 402, error: { error: 'התשלום טרם הושלם', code: 'payment_not_completed' } })
    expect(await booksOwnedBy(user.email)).toEqual([])
    expect(await paymentSession(checkout.session_id)).toMatchObject({ status: 'created', used_by_book: null })
  })

  it("refuses the client's word: paid=true / free=true with a session id the server never issued", async () => {
    const user = await signedInUser()
    const before = await bookCount()
    for (const sessionId of ['free_coupon_00000000-0000-4000-8000-000000000000', 'cs_test_made_up_by_the_client']) {
      const result = await invoke(user.client, 'create-memory-book', {
        ...bookBody,
        session_id: sessionId,
        paid: true,
        free: true,
      })
      expect(result).toMatchObject({ status: 404, error: { code: 'session_not_found' } })
    }
    expect(await bookCount()).toBe(before)
  })

  it("refuses another user's paid session (403), leaving it unspent", async () => {
    const [buyer, other] = await Promise.all([signedInUser({ label: 'buyer' }), signedInUser({ label: 'other' })])
    const sessionId = await freeSession(buyer)
    const result = await invoke(other.client, 'create-memory-book', { ...bookBody, session_id: sessionId })
    expect(result).toMatchObject({
      status: 403,
      error: { error: 'התשלום הזה שייך למשתמש אחר', code: 'session_not_owned' },
    })
    expect(await booksOwnedBy(other.email)).toEqual([])
    expect(await paymentSession(sessionId)).toMatchObject({ used_by_book: null })
  })

  it("refuses a gift purchase (it becomes a gift, not the buyer's own book)", async () => {
    const user = await signedInUser()
    const code = await createCoupon({ value: 100 })
    const free = await invoke<{ session_id: string }>(user.client, 'apply-coupon', {
      code,
      selected_plan: 'pro',
      recipient_type: 'gift',
    })
    const result = await invoke(user.client, 'create-memory-book', { ...bookBody, session_id: free.data!.session_id })
    expect(result).toMatchObject({ status: 422, error: { code: 'session_is_gift' } })
    expect(await booksOwnedBy(user.email)).toEqual([])
  })

  it('refuses a session whose payment failed (402)', async () => {
    const user = await signedInUser()
    const checkout = await startCheckout(user)
    await sql(`update "public"."payment_sessions" set "status" = 'failed' where "session_id" = $1`, [
      checkout.session_id,
    ])
    const result = await invoke(user.client, 'create-memory-book', { ...bookBody, session_id: checkout.session_id })
    expect(result).toMatchObject({ status: 402, error: { code: 'payment_not_valid' } })
    expect(await booksOwnedBy(user.email)).toEqual([])
  })

  it('creates exactly one book when the same session is sent twice at once', async () => {
    const user = await signedInUser()
    const sessionId = await freeSession(user, 'pro')
    const results = await Promise.all([
      invoke(user.client, 'create-memory-book', { ...bookBody, session_id: sessionId }),
      invoke(user.client, 'create-memory-book', { ...bookBody, session_id: sessionId }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await booksOwnedBy(user.email)).toHaveLength(1)
  })

  it("pays for an own unpaid book (the incomplete-payment banner path) on the session's plan", async () => {
    const user = await signedInUser()
    const [book] = await sql<{ id: string }>(
      `insert into "public"."memory_books" ("full_name", "creator_name", "owner_email", "plan_type", "payment_status")
       values ('ספר ממתין', 'יוצר', $1, 'full', 'unpaid') returning "id"`,
      [user.email],
    )
    const sessionId = await freeSession(user, 'basic')
    const result = await invoke<CreatedBook>(user.client, 'create-memory-book', {
      session_id: sessionId,
      book_id: book!.id,
    })
    expect(result).toMatchObject({ status: 200, data: { id: book!.id, plan_type: 'basic' } })
    expect(await booksOwnedBy(user.email)).toEqual([
      expect.objectContaining({
        id: book!.id,
        payment_status: 'paid',
        plan_type: 'basic',
      }),
    ])

    const again = await freeSession(user, 'basic')
    const refused = await invoke(user.client, 'create-memory-book', { session_id: again, book_id: book!.id })
    expect(refused).toMatchObject({ status: 409, error: { code: 'book_already_paid' } })
    expect(await paymentSession(again)).toMatchObject({ used_by_book: null })
  })

  const badBodies: Array<[string, Record<string, unknown>, string]> = [
    ['a missing deceased name', { full_name: undefined }, 'אנא מלא את כל השדות הנדרשים'],
    ['a blank creator name', { creator_name: '   ' }, 'אנא מלא את כל השדות הנדרשים'],
    ['a name of the wrong type', { full_name: 7 }, 'אנא מלא את כל השדות הנדרשים'],
    ['a missing session id', { session_id: undefined }, 'חסר מזהה תשלום'],
    ['a session id of the wrong type', { session_id: 12 }, 'חסר מזהה תשלום'],
    [
      'a death date in a future year',
      { death_date: `${new Date().getFullYear() + 1}-01-01` },
      'תאריך הפטירה לא יכול להיות בעתיד',
    ],
    ['a birth date in a future year', { birth_date: `${new Date().getFullYear() + 1}-01-01` }, 'שנה לא תקינה'],
    [
      'a death date three days from now',
      { death_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
      'תאריך הפטירה לא יכול להיות בעתיד',
    ],
    ['an impossible date', { birth_date: '1950-02-30' }, 'תאריך לא תקין'],
    ['a date in another format', { birth_date: '01/05/1940' }, 'תאריך לא תקין'],
    ['a year before 1900', { birth_date: '1899-12-31' }, 'שנה לא תקינה'],
    [
      'death before birth',
      { birth_date: '1990-01-01', death_date: '1980-01-01' },
      'תאריך הפטירה לא יכול להיות לפני תאריך הלידה',
    ],
    ['a quote too long', { memory_quote: 'א'.repeat(501) }, 'המשפט יכול להכיל עד 500 תווים'],
    [
      'a profile image from elsewhere',
      { profile_image_url: 'https://evil.example/x.jpg' },
      'התמונה חייבת להיות קובץ שהועלה לאתר',
    ],
  ]

  it.each(badBodies)('refuses %s with 400, leaving the session unspent', async (_label, overrides, message) => {
    const user = await signedInUser()
    const sessionId = await freeSession(user)
    const body: Record<string, unknown> = { ...bookBody, session_id: sessionId, ...overrides }
    const result = await invoke(user.client, 'create-memory-book', body)
    expect(result).toMatchObject({ status: 400, error: { error: message } })
    expect(await booksOwnedBy(user.email)).toEqual([])
    expect(await paymentSession(sessionId)).toMatchObject({ used_by_book: null })
  })

  it("refuses a profile image in another user's folder", async () => {
    const [user, other] = await Promise.all([signedInUser(), signedInUser({ label: 'other' })])
    const sessionId = await freeSession(user)
    const url = `${testEnv.apiUrl}/storage/v1/object/public/memory-images/profiles/${other.id}/face.jpg`
    const result = await invoke(user.client, 'create-memory-book', {
      ...bookBody,
      session_id: sessionId,
      profile_image_url: url,
    })
    expect(result).toMatchObject({ status: 400, error: { code: 'book_image_url_invalid' } })
    const own = url.replace(other.id, user.id)
    const accepted = await invoke(user.client, 'create-memory-book', {
      ...bookBody,
      session_id: sessionId,
      profile_image_url: own,
    })
    expect(accepted.status).toBe(200)
  })

  it('refuses a caller without a user session with 401', async () => {
    const before = await bookCount()
    const result = await invoke(anonClient(), 'create-memory-book', { ...bookBody, session_id: 'free_coupon_x' })
    expect(result).toMatchObject({ status: 401, error: { code: 'login_required' } })
    expect(await bookCount()).toBe(before)
  })
})
