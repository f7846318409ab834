/**
 * The gift functions end to end against the stack: create-gift, claim-gift, check-gift-code,
 * resend-gift, cancel-gift. Every refusal comes back with its status and Hebrew message and
 * writes nothing; a cancelled paid gift is refunded in the payment sandbox exactly once; the code
 * comparing functions cannot be reached directly and their attempts cannot be rolled back.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  clientWithToken,
  isFramed,
  readMail,
  requestFrom,
  signedInUser,
  type SignedInUser,
  sql,
  testEnv,
  uniqueAddress,
  waitForMail,
} from '../../../supabase/local/testing/index.ts'
import {
  couponUses,
  createCoupon,
  createGift,
  type Gift,
  giftNames as names,
  invoke,
  paidGiftSession,
  paymentProvider,
  paymentSession,
  refundsOf,
  startCheckout,
} from './support.ts'

async function freeGiftSession(buyer: SignedInUser, coupon?: string): Promise<string> {
  const code = coupon ?? (await createCoupon())
  const applied = await invoke<{ session_id: string }>(buyer.client, 'apply-coupon', {
    code,
    selected_plan: 'pro',
    recipient_type: 'gift',
  })
  expect(applied.error).toBeNull()
  return applied.data!.session_id
}

async function bookRow(id: string): Promise<Record<string, unknown>> {
  const [row] = await sql(
    `select "gift_code", "gift_status", "owner_email", "claimed_by_user_id", "payment_status",
            "purchaser_user_id", "full_name", "gift_recipient_name", "family_access_code",
            ("gift_code_expires_at" > now() + interval '29 days') as "valid_30_days"
       from "public"."memory_books" where "id" = $1`,
    [id],
  )
  return row!
}

async function giftBooksOf(userId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as "n" from "public"."memory_books" where "purchaser_user_id" = $1`,
    [userId],
  )
  return Number(row!.n)
}

async function attemptsOf(userId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `select count(*)::int as "n" from "public"."gift_claim_attempts" where "user_id" = $1`,
    [userId],
  )
  return Number(row!.n)
}

async function mailsTo(address: string): Promise<Array<{ ID: string; Subject: string }>> {
  const response = await fetch(`${testEnv.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)
  return ((await response.json()) as { messages: Array<{ ID: string; Subject: string }> }).messages
}

async function mailText(id: string): Promise<string> {
  return ((await (await fetch(`${testEnv.mailboxUrl}/api/v1/message/${id}`)).json()) as { Text: string }).Text
}

describe('create-gift', () => {
  it('turns a paid checkout gift session into a pending gift, once, and mails the receipt', async () => {
    const buyer = await signedInUser({ label: 'gift-buyer' })
    const sessionId = await paidGiftSession(buyer)
    const gift = await createGift(buyer, sessionId)
    expect(gift).toMatchObject({
      existing: false,
      gift_status: 'pending',
      gift_recipient_name: 'דנה לוי',
      full_name: 'יוסף לוי',
    })
    expect(gift.gift_code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/)
    expect(await bookRow(gift.id)).toMatchObject({
      gift_status: 'pending',
      owner_email: null,
      payment_status: 'paid',
      purchaser_user_id: buyer.id,
      valid_30_days: true,
    })
    expect(String((await bookRow(gift.id)).family_access_code)).toMatch(/^[A-Z0-9]{6}$/)
    expect((await paymentSession(sessionId))!.used_by_book).toBe(gift.id)

    const again = await invoke<Gift>(buyer.client, 'create-gift', {
      session_id: sessionId,
      recipient_name: 'אחר',
      deceased_name: 'אחר',
    })
    expect(again.data).toMatchObject({
      existing: true,
      id: gift.id,
      gift_code: gift.gift_code,
      gift_recipient_name: 'דנה לוי',
    })
    expect(await giftBooksOf(buyer.id)).toBe(1)

    const mine = await buyer.client.rpc('my_gift', { session_id: sessionId })
    expect(mine.data).toMatchObject({ id: gift.id, gift_code: gift.gift_code })
    expect(mine.data).not.toHaveProperty('family_access_code')
    const stranger = await signedInUser({ label: 'gift-stranger' })
    expect((await stranger.client.rpc('my_gift', { session_id: sessionId })).data).toBeNull()
    expect((await anonClient().rpc('my_gift', { session_id: sessionId })).error).not.toBeNull()

    const [receipt] = await mailsTo(buyer.email)
    expect(receipt!.Subject).toContain(gift.gift_code)
    const text = await mailText(receipt!.ID)
    expect(text).toContain(`/register?gift=${gift.gift_code}`)
    expect(text).toContain('יוסף לוי')
    expect(isFramed(await readMail(receipt!.ID))).toBe(true)
  })

  it('turns a redeemed 100% coupon gift session into a gift', async () => {
    const buyer = await signedInUser({ label: 'gift-free' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    expect(gift.gift_status).toBe('pending')
  })

  it('turns a gift session paid before the gift screen existed into its gift', async () => {
    const buyer = await signedInUser({ label: 'gift-legacy' })
    const sessionId = `cs_test_legacy_${Date.now()}`
    await sql(
      `insert into "public"."payment_sessions" ("session_id", "user_id", "email", "plan_type", "recipient_type", "amount_agorot", "status", "paid_at", "created_at")
       values ($1, $2, $3, 'pro', 'gift', 14900, 'paid', now() - interval '40 days', now() - interval '40 days')`,
      [sessionId, buyer.id, buyer.email],
    )
    const gift = await createGift(buyer, sessionId)
    expect(gift).toMatchObject({ existing: false, gift_status: 'pending' })
  })

  it('tells a free gift by its provider, never by its id: only money that moved gets a receipt', async () => {
    const buyer = await signedInUser({ label: 'gift-provider' })
    const free = await freeGiftSession(buyer)
    expect((await paymentSession(free))!.provider).toBe('free')
    const freeGift = await createGift(buyer, free)
    // A paid checkout whose id happens to look like a coupon's.
    const paid = `free_coupon_${crypto.randomUUID()}`
    await sql(
      `insert into "public"."payment_sessions" ("session_id", "provider", "user_id", "email", "plan_type", "recipient_type",
         "amount_agorot", "status", "paid_at") values ($1, 'payplus', $2, $3, 'pro', 'gift', 14900, 'paid', now())`,
      [paid, buyer.id, buyer.email],
    )
    const paidGift = await createGift(buyer, paid)
    const subjects = (await mailsTo(buyer.email)).map((mail) => mail.Subject)
    expect(subjects).toContain(`ספר זיכרון במתנה — קוד ${freeGift.gift_code}`)
    expect(subjects).toContain(`קבלה: ספר זיכרון במתנה — קוד ${paidGift.gift_code}`)
  })

  it('makes a gift of a payment session only: a body naming a book instead is refused', async () => {
    const buyer = await signedInUser({ label: 'gift-no-session' })
    const result = await invoke(buyer.client, 'create-gift', { book_id: crypto.randomUUID(), ...names })
    expect(result.status).toBe(400)
    expect(result.error!.error).toBe('חסר מזהה תשלום')
    expect(await giftBooksOf(buyer.id)).toBe(0)
  })

  it.each([
    ['not logged in', 401, 'נדרשת התחברות'],
    ['another user session', 403, 'התשלום הזה שייך למשתמש אחר'],
    ['a for_me session', 422, 'התשלום הזה נועד לספר עבורך ולא למתנה'],
    ['an unpaid session', 402, 'התשלום טרם הושלם'],
    ['an unknown session', 404, 'לא נמצא תשלום מתאים. אם שילמת, פנו אלינו ונסדר זאת'],
    ['blank names', 400, 'אנא מלא את כל השדות'],
  ] as const)('refuses %s with %i and writes nothing', async (label, status, message) => {
    const buyer = await signedInUser({ label: 'gift-refused' })
    const other = await signedInUser({ label: 'gift-other' })
    let client = buyer.client
    let body: Record<string, unknown> = { session_id: 'cs_test_unknown', ...names }
    if (label === 'not logged in') {
      client = anonClient()
      body = { session_id: await freeGiftSession(buyer), ...names }
    } else if (label === 'another user session') {
      body = { session_id: await freeGiftSession(other), ...names }
    } else if (label === 'a for_me session') {
      const applied = await invoke<{ session_id: string }>(buyer.client, 'apply-coupon', {
        code: await createCoupon(),
        selected_plan: 'pro',
      })
      body = { session_id: applied.data!.session_id, ...names }
    } else if (label === 'an unpaid session') {
      body = { session_id: (await startCheckout(buyer, { recipientType: 'gift' })).session_id, ...names }
    } else if (label === 'blank names') {
      body = { session_id: await freeGiftSession(buyer), recipient_name: '  ', deceased_name: 'יוסף' }
    }
    const result = await invoke(client, 'create-gift', body)
    expect(result.status).toBe(status)
    expect(result.error!.error).toBe(message)
    expect(await giftBooksOf(buyer.id)).toBe(0)
    expect(await giftBooksOf(other.id)).toBe(0)
  })
})

describe('claim-gift', () => {
  it('makes the claimer the owner, tells the purchaser, and refuses the code afterwards', async () => {
    const buyer = await signedInUser({ label: 'claim-buyer' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const recipient = await signedInUser({ label: 'claim-recipient' })
    const claimed = await invoke<{ book_id: string }>(recipient.client, 'claim-gift', {
      gift_code: ` ${gift.gift_code.toLowerCase()} `,
    })
    expect(claimed.data).toMatchObject({ book_id: gift.id, short_code: gift.short_code })
    expect(await bookRow(gift.id)).toMatchObject({
      owner_email: recipient.email,
      claimed_by_user_id: recipient.id,
      gift_status: 'claimed',
      payment_status: 'paid',
    })
    const claimedNotice = await waitForMail(buyer.email, { subject: 'המתנה שלכם התקבלה' })
    expect(isFramed(claimedNotice)).toBe(true)
    expect(claimedNotice.Text).toContain(`${testEnv.siteUrl}/view-book/${gift.short_code}`)

    const third = await signedInUser({ label: 'claim-late' })
    const late = await invoke(third.client, 'claim-gift', { gift_code: gift.gift_code })
    expect(late).toMatchObject({ status: 409, error: { error: 'קוד המתנה כבר נתבע' } })
    expect(await bookRow(gift.id)).toMatchObject({ owner_email: recipient.email })
  })

  it.each([
    [
      'expired',
      `update "public"."memory_books" set "gift_code_expires_at" = now() - interval '1 day' where "id" = $1`,
      410,
      'קוד המתנה פג תוקפו',
    ],
    [
      'cancelled',
      `update "public"."memory_books" set "gift_status" = 'cancelled' where "id" = $1`,
      410,
      'המתנה בוטלה על ידי הרוכש',
    ],
  ] as const)('refuses a gift that is %s and changes nothing', async (_label, change, status, message) => {
    const buyer = await signedInUser({ label: 'claim-bad' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    await sql(change, [gift.id])
    const recipient = await signedInUser({ label: 'claim-bad-recipient' })
    const result = await invoke(recipient.client, 'claim-gift', { gift_code: gift.gift_code })
    expect(result.status).toBe(status)
    expect(result.error!.error).toBe(message)
    expect(await bookRow(gift.id)).toMatchObject({ owner_email: null, claimed_by_user_id: null })
  })

  it('asks the purchaser whether their own gift is for themselves before claiming it', async () => {
    const buyer = await signedInUser({ label: 'claim-own' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const unasked = await invoke(buyer.client, 'claim-gift', { gift_code: gift.gift_code })
    expect(unasked).toMatchObject({ status: 409, error: { code: 'own_gift' } })
    expect(unasked.error!.error).toContain('רכשת בעצמך')
    expect(await bookRow(gift.id)).toMatchObject({ owner_email: null, gift_status: 'pending' })

    const confirmed = await invoke<{ book_id: string }>(buyer.client, 'claim-gift', {
      gift_code: gift.gift_code,
      for_myself: true,
    })
    expect(confirmed.data).toMatchObject({ book_id: gift.id, short_code: gift.short_code })
    expect(await bookRow(gift.id)).toMatchObject({ owner_email: buyer.email, gift_status: 'claimed' })
  })

  it('accepts a code typed with spaces and dashes anywhere', async () => {
    const buyer = await signedInUser({ label: 'claim-typed' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const recipient = await signedInUser({ label: 'claim-typed-recipient' })
    const code = gift.gift_code.toLowerCase()
    const typed = `${code.slice(0, 2)} ${code.slice(2, 4)}-${code.slice(4, 6)}\u2013${code.slice(6)} `
    const claimed = await invoke<{ book_id: string }>(recipient.client, 'claim-gift', { gift_code: typed })
    expect(claimed.data).toMatchObject({ book_id: gift.id, short_code: gift.short_code })
  })

  it('refuses without a login, and a wrong code, and locks after 10 wrong codes', async () => {
    const buyer = await signedInUser({ label: 'lock-buyer' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const anonymous = await invoke(anonClient(), 'claim-gift', { gift_code: gift.gift_code })
    expect(anonymous).toMatchObject({ status: 401, error: { error: 'נדרשת התחברות' } })
    const guesser = await signedInUser({ label: 'lock-guesser' })
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await invoke(guesser.client, 'claim-gift', { gift_code: `ZZZZZZZ${attempt}`.slice(0, 8) })
      expect(wrong).toMatchObject({ status: 404, error: { error: 'נא לבדוק את הקוד שקיבלת שנית' } })
    }
    const locked = await invoke(guesser.client, 'claim-gift', { gift_code: gift.gift_code })
    expect(locked).toMatchObject({ status: 429, error: { error: 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות' } })
    expect(await bookRow(gift.id)).toMatchObject({ owner_email: null })
  })

  it('cannot be reached around the function, and its attempts survive every request option', async () => {
    const user = await signedInUser({ label: 'bypass' })
    // Untyped: these functions are not part of the API on purpose.
    const untyped = clientWithToken(user.accessToken, user.address)
    for (const fn of [
      'claim_gift_as',
      'check_gift_code_from',
      'create_gift_book',
      'cancel_gift_as',
      'resend_gift_as',
      'record_gift_refund',
    ]) {
      const { error } = await untyped.rpc(fn, {})
      expect(error, fn).not.toBeNull()
    }
    expect((await untyped.rpc('claim_gift', { gift_code: 'ABCDEFGH' })).error).not.toBeNull()
    expect((await clientWithToken().rpc('check_gift_code', { code: 'ABCDEFGH' })).error).not.toBeNull()

    const before = await attemptsOf(user.id)
    const headers = {
      apikey: testEnv.anonKey,
      authorization: `Bearer ${user.accessToken}`,
      'content-type': 'application/json',
      prefer: 'tx=rollback',
      accept: 'application/vnd.pgrst.object+json',
    }
    const response = await fetch(`${testEnv.apiUrl}/functions/v1/claim-gift?select=nothing&book_id=eq.none`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ gift_code: 'ZZZZZZZZ' }),
    })
    expect(response.status).toBe(404)
    expect(await attemptsOf(user.id)).toBe(before + 1)
  })
})

describe('check-gift-code', () => {
  it('answers claimed, expired and unavailable', async () => {
    const buyer = await signedInUser({ label: 'check-status' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const ask = async (code: string) =>
      (await invoke<{ status: string }>(anonClient(), 'check-gift-code', { code })).data?.status
    await sql(
      `update "public"."memory_books" set "gift_code_expires_at" = now() - interval '1 minute' where "id" = $1`,
      [gift.id],
    )
    expect(await ask(gift.gift_code)).toBe('expired')
    await sql(`update "public"."memory_books" set "gift_status" = 'cancelled' where "id" = $1`, [gift.id])
    expect(await ask(gift.gift_code)).toBe('unavailable')
    await sql(`update "public"."memory_books" set "gift_status" = 'claimed' where "id" = $1`, [gift.id])
    expect(await ask(gift.gift_code)).toBe('claimed')
  })
  it('tells its purchaser that it is their own gift, and accepts a code typed with spaces and dashes', async () => {
    const buyer = await signedInUser({ label: 'check-own' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const typed = `${gift.gift_code.slice(0, 4).toLowerCase()} -${gift.gift_code.slice(4)}`
    const answer = await invoke<{ status: string; gift: { bought_by_you: boolean } }>(buyer.client, 'check-gift-code', {
      code: typed,
    })
    expect(answer.data).toMatchObject({ status: 'ok', gift: { bought_by_you: true } })
    expect(JSON.stringify(answer.data)).not.toContain(gift.gift_code)
  })

  it('answers the gift only for a code that can be claimed, and limits each client address to 10 unknown codes', async () => {
    const buyer = await signedInUser({ label: 'check-buyer' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const address = uniqueAddress()
    // A different forged X-Forwarded-For on every request: the limit keys on the connecting address.
    const check = (code: string) =>
      requestFrom(address, `${testEnv.apiUrl}/functions/v1/check-gift-code`, {
        method: 'POST',
        headers: {
          apikey: testEnv.anonKey,
          authorization: `Bearer ${testEnv.anonKey}`,
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}`,
        },
        body: JSON.stringify({ code }),
      })
    const ok = await check(` ${gift.gift_code.toLowerCase()}`)
    expect(ok.json()).toEqual({
      status: 'ok',
      gift: {
        deceased_name: names.deceased_name,
        recipient_name: names.recipient_name,
        purchaser_name: expect.any(String),
        plan_type: 'pro',
        bought_by_you: false,
      },
    })
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await check(`YYYYYYY${attempt}`)).json()).toEqual({ status: 'not_found' })
    }
    const locked = await check(gift.gift_code)
    expect(locked.status).toBe(429)
    expect(locked.json()).toMatchObject({ error: 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות' })
  })
})

describe('resend-gift', () => {
  it('gives a pending gift a new code and the old one is refused as replaced', async () => {
    const buyer = await signedInUser({ label: 'resend' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const resent = await invoke<{ new_gift_code: string }>(buyer.client, 'resend-gift', { gift_id: gift.id })
    expect(resent.data!.new_gift_code).not.toBe(gift.gift_code)
    expect((await bookRow(gift.id)).gift_code).toBe(resent.data!.new_gift_code)
    const recipient = await signedInUser({ label: 'resend-recipient' })
    const old = await invoke(recipient.client, 'claim-gift', { gift_code: gift.gift_code })
    expect(old).toMatchObject({ status: 410, error: { error: 'קוד המתנה הוחלף בקוד חדש. בקשו מהרוכש את הקוד העדכני' } })
  })

  it('refuses another user, a logged-out caller and a claimed gift, changing nothing', async () => {
    const buyer = await signedInUser({ label: 'resend-owner' })
    const gift = await createGift(buyer, await freeGiftSession(buyer))
    const stranger = await signedInUser({ label: 'resend-stranger' })
    expect(await invoke(stranger.client, 'resend-gift', { gift_id: gift.id })).toMatchObject({
      status: 404,
      error: { error: 'המתנה לא נמצאה' },
    })
    expect(await invoke(anonClient(), 'resend-gift', { gift_id: gift.id })).toMatchObject({
      status: 401,
      error: { error: 'נדרשת התחברות' },
    })
    await invoke((await signedInUser({ label: 'resend-claimer' })).client, 'claim-gift', { gift_code: gift.gift_code })
    expect(await invoke(buyer.client, 'resend-gift', { gift_id: gift.id })).toMatchObject({
      status: 409,
      error: { error: 'אפשר לשלוח מחדש רק מתנה שעדיין לא נתבעה' },
    })
    expect((await bookRow(gift.id)).gift_code).toBe(gift.gift_code)
  })
})

describe('cancel-gift', () => {
  it('refunds a paid gift in the sandbox exactly once, even when cancel is replayed', async () => {
    const buyer = await signedInUser({ label: 'cancel-paid' })
    const sessionId = await paidGiftSession(buyer)
    const gift = await createGift(buyer, sessionId)
    const [first, second] = await Promise.all([
      invoke(buyer.client, 'cancel-gift', { gift_id: gift.id }),
      invoke(buyer.client, 'cancel-gift', { gift_id: gift.id }),
    ])
    const statuses = [first.status, second.status].sort()
    expect(statuses[0]).toBe(200)
    const replay = await invoke(buyer.client, 'cancel-gift', { gift_id: gift.id })
    expect(replay).toMatchObject({ status: 409, error: { error: 'המתנה כבר בוטלה' } })
    expect(await refundsOf(sessionId)).toHaveLength(1)
    expect(await paymentSession(sessionId)).toMatchObject({ status: 'refunded' })
    const notice = await waitForMail(buyer.email, { subject: 'אישור החזר כספי' })
    expect(notice.Text).toMatch(/ההחזר הכספי בוצע: \S*149\.00/)
    expect(isFramed(notice)).toBe(true)
    expect(await bookRow(gift.id)).toMatchObject({ gift_status: 'cancelled' })
    const recipient = await signedInUser({ label: 'cancel-recipient' })
    expect((await invoke(recipient.client, 'claim-gift', { gift_code: gift.gift_code })).status).toBe(410)
  })

  it.skipIf(paymentProvider !== 'payplus')(
    'refunds once when PayPlus’s answer to the refund is lost: the retry asks PayPlus and finds the refund',
    async () => {
      const buyer = await signedInUser({ label: 'cancel-lost-answer' })
      const sessionId = await paidGiftSession(buyer)
      const gift = await createGift(buyer, sessionId)
      await fetch(`${testEnv.paymentsUrl}/payplus/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lose_next_refund_answer: true }),
      })
      const lost = await invoke(buyer.client, 'cancel-gift', { gift_id: gift.id })
      expect(lost).toMatchObject({ status: 502, error: { code: 'refund_failed' } })
      expect(await refundsOf(sessionId)).toHaveLength(1)
      expect(await paymentSession(sessionId)).toMatchObject({ status: 'paid' })
      const [marked] = await sql<{ unknown_since: string | null; started: string | null }>(
        `select "refund_unknown_since" as "unknown_since", "refund_started_at" as "started"
           from "public"."payment_sessions" where "session_id" = $1`,
        [sessionId],
      )
      expect(marked!.unknown_since).not.toBeNull()
      expect(marked!.started).not.toBeNull()
      const logged = await sql<{ action: string }>(
        `select "action" from "public"."admin_logs" where "details" ->> 'session' = $1`,
        [sessionId],
      )
      expect(logged.map((row) => row.action)).toContain('PAYMENT_REFUND_UNKNOWN')
      expect(await invoke(buyer.client, 'cancel-gift', { gift_id: gift.id })).toMatchObject({ status: 409 })

      // The claim of the lost attempt has run out (two minutes).
      await sql(
        `update "public"."payment_sessions" set "refund_started_at" = now() - interval '3 minutes'
          where "session_id" = $1`,
        [sessionId],
      )
      expect(await invoke(buyer.client, 'cancel-gift', { gift_id: gift.id })).toMatchObject({ status: 200 })
      const refunds = (await refundsOf(sessionId)) as Array<{ uid: string }>
      expect(refunds).toHaveLength(1)
      const [after] = await sql<{ status: string; refund_id: string | null; unknown_since: string | null }>(
        `select "status", "refund_id", "refund_unknown_since" as "unknown_since"
           from "public"."payment_sessions" where "session_id" = $1`,
        [sessionId],
      )
      expect(after).toEqual({ status: 'refunded', refund_id: refunds[0]!.uid, unknown_since: null })
      expect((await waitForMail(buyer.email, { subject: 'אישור החזר כספי' })).Text).toContain('ההחזר הכספי בוצע')
    },
  )

  it('returns the coupon use of a free gift', async () => {
    const buyer = await signedInUser({ label: 'cancel-free' })
    const coupon = await createCoupon()
    const gift = await createGift(buyer, await freeGiftSession(buyer, coupon))
    expect(await couponUses(coupon)).toBe(1)
    expect(await invoke(buyer.client, 'cancel-gift', { gift_id: gift.id })).toMatchObject({ status: 200 })
    expect(await couponUses(coupon)).toBe(0)
    expect(await invoke(buyer.client, 'cancel-gift', { gift_id: gift.id })).toMatchObject({ status: 409 })
    expect(await couponUses(coupon)).toBe(0)
  })

  it.each([
    ['not logged in', 401, 'נדרשת התחברות'],
    ['another user', 404, 'המתנה לא נמצאה'],
    ['claimed', 409, 'לא ניתן לבטל מתנה שכבר נתבעה'],
    ['past 14 days', 422, 'ביטול עם החזר כספי אפשרי רק בתוך 14 יום מהרכישה'],
  ] as const)('refuses %s with %i and changes nothing', async (label, status, message) => {
    const buyer = await signedInUser({ label: 'cancel-refused' })
    const coupon = await createCoupon()
    const gift = await createGift(buyer, await freeGiftSession(buyer, coupon))
    let client = buyer.client
    if (label === 'not logged in') client = anonClient()
    if (label === 'another user') client = (await signedInUser({ label: 'cancel-stranger' })).client
    if (label === 'claimed')
      await invoke((await signedInUser({ label: 'cancel-claimer' })).client, 'claim-gift', {
        gift_code: gift.gift_code,
      })
    if (label === 'past 14 days') {
      await sql(`update "public"."memory_books" set "gift_purchased_at" = now() - interval '15 days' where "id" = $1`, [
        gift.id,
      ])
    }
    const before = await bookRow(gift.id)
    const result = await invoke(client, 'cancel-gift', { gift_id: gift.id })
    expect(result.status).toBe(status)
    expect(result.error!.error).toBe(message)
    expect(await bookRow(gift.id)).toEqual(before)
    expect(await couponUses(coupon)).toBe(1)
  })
})
