/**
 * Yahrzeit and shloshim reminders: double opt-in, once per person and date, none after
 * unsubscribing or without confirmation, send-reminders only for its scheduler, and subscribe
 * answers that tell nobody who is subscribed.
 */
import { describe, expect, it } from 'vitest'
import { addDays, nextYahrzeit, shloshimDate } from '../../../src/domains/mourning-calendar/lib/mourning-calendar.ts'
import {
  anonClient,
  createBook,
  isFramed,
  mailsTo,
  type MailSummary,
  readMail,
  remindersCronSecret,
  reminderToken,
  sendReminders,
  signedInUser,
  sql,
  subscribeToReminders,
  testEnv,
  uniqueAddress,
  uniqueEmail,
  waitForMail,
} from '../../../supabase/local/testing/index.ts'

const DEATH = '2024-02-14'
// Far enough ahead that no other test's run reaches its reminders by accident.
const yahrzeit = nextYahrzeit(DEATH, false, '2031-01-01')
const weekBefore = addDays(yahrzeit.date, -7)
const dayBefore = yahrzeit.candleEvening

const reminderMails = async (email: string): Promise<MailSummary[]> =>
  (await mailsTo(email)).filter((mail) => mail.Subject.includes('יום השנה'))

async function confirmedSubscriber(bookRef: string, label: string): Promise<string> {
  const email = uniqueEmail(label)
  expect((await subscribeToReminders(bookRef, email)).status).toBe(200)
  const mail = await waitForMail(email, { subject: 'אישור הרשמה לתזכורות' })
  const { data, error } = await anonClient().rpc('reminder_confirm', { token: reminderToken(mail, 'confirm') })
  expect(error).toBeNull()
  expect(data).toMatchObject({ ok: true, reason: 'confirmed' })
  return email
}

describe('reminders', () => {
  it('sends a confirmation e-mail with a confirm and an unsubscribe link, and stores the consent', async () => {
    const book = await createBook({ deathDate: DEATH, fullName: 'רבקה זכרונה' })
    const email = uniqueEmail('relative')
    const answer = await subscribeToReminders(book.shortCode, email.toUpperCase())
    expect(answer).toEqual({ status: 200, body: { ok: true, status: 'check_email' } })

    const mail = await waitForMail(email, { subject: 'אישור הרשמה לתזכורות' })
    expect(mail.Subject).toContain('רבקה זכרונה')
    expect(isFramed(mail)).toBe(true)
    expect(reminderToken(mail, 'confirm')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(reminderToken(mail, 'unsubscribe')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    for (const link of [reminderToken(mail, 'confirm'), reminderToken(mail, 'unsubscribe')]) {
      const stored = await sql(`select 1 from "public"."reminder_tokens" where "token_hash" = $1`, [link])
      expect(stored).toEqual([])
    }
    const [row] = await sql<{ status: string; consent_text: string; consented_at: string }>(
      `select "status", "consent_text", "consented_at" from "public"."reminder_subscriptions"
        where "book_id" = $1 and "email" = $2`,
      [book.id, email],
    )
    expect(row).toMatchObject({ status: 'pending', consent_text: expect.stringContaining('יום השנה') })
    expect(row!.consented_at).toBeTruthy()
  })

  it('sends nothing to an address that did not confirm, and each reminder once to one that did', async () => {
    const book = await createBook({ deathDate: DEATH })
    const pending = uniqueEmail('pending')
    expect((await subscribeToReminders(book.shortCode, pending)).status).toBe(200)
    const confirmed = await confirmedSubscriber(book.shortCode, 'confirmed')

    expect((await sendReminders(weekBefore)).status).toBe(200)
    const [first] = await reminderMails(confirmed)
    expect((await reminderMails(confirmed)).length).toBe(1)
    const body = await readMail(first!.ID)
    expect(body.Subject).toBe('בעוד שבוע יום השנה (היארצייט) של יעקב בודק')
    expect(body.Text).toContain(yahrzeit.hebrew)
    expect(body.Text).toContain(`${testEnv.siteUrl}/view-book/${book.shortCode}`)
    expect(isFramed(body)).toBe(true)
    expect(reminderToken(body, 'unsubscribe')).toBeTruthy()

    // The same day again, and the next day (still in the week before): nothing new.
    expect((await sendReminders(weekBefore)).status).toBe(200)
    expect((await sendReminders(addDays(weekBefore, 1))).status).toBe(200)
    expect((await reminderMails(confirmed)).length).toBe(1)

    // The day before: the evening the candle is lit.
    expect((await sendReminders(dayBefore)).status).toBe(200)
    const mails = await reminderMails(confirmed)
    expect(mails.length).toBe(2)
    expect(mails[0]!.Subject).toBe('הערב מדליקים נר: מחר יום השנה של יעקב בודק')
    expect(await reminderMails(pending)).toEqual([])

    const sends = await sql<{ n: number }>(
      `select count(*)::int as "n" from "public"."reminder_sends" s
         join "public"."reminder_subscriptions" r on r."id" = s."subscription_id"
        where r."email" = $1`,
      [confirmed],
    )
    expect(sends[0]!.n).toBe(2)
  })

  it("reaches every confirmed subscription, past the 1,000 rows one of the API's answers holds", async () => {
    // A book whose id sorts before every other, with 1,000 confirmed subscriptions none of them due.
    const crowdedBook = '00000000-0000-4000-8000-000000000001'
    await sql(
      `insert into "public"."memory_books" ("id", "full_name", "plan_type", "payment_status", "death_date")
       values ($1, 'ספר מלא מנויים', 'full', 'paid', '2022-11-03')`,
      [crowdedBook],
    )
    try {
      await sql(
        `insert into "public"."reminder_subscriptions" ("book_id", "email", "status", "consent_text", "confirmed_at")
         select $1, 'crowd' || i || '@example.com', 'confirmed', 'הסכמה לבדיקה', now() from generate_series(1, 1000) i`,
        [crowdedBook],
      )
      const death = '2023-05-10'
      const book = await createBook({ deathDate: death })
      const email = await confirmedSubscriber(book.shortCode, 'after-the-crowd')
      const due = nextYahrzeit(death, false, '2032-01-01')
      expect((await sendReminders(addDays(due.date, -7))).status).toBe(200)
      expect(await reminderMails(email)).toHaveLength(1)
    } finally {
      await sql(`delete from "public"."memory_books" where "id" = $1`, [crowdedBook])
    }
  })

  it('sends no reminder after the unsubscribe link of any of its e-mails was used', async () => {
    const book = await createBook({ deathDate: DEATH })
    const staying = await confirmedSubscriber(book.shortCode, 'staying')
    const leaving = await confirmedSubscriber(book.shortCode, 'leaving')
    await sendReminders(weekBefore)
    const reminder = await readMail((await reminderMails(leaving))[0]!.ID)

    const { data } = await anonClient().rpc('reminder_unsubscribe', { token: reminderToken(reminder, 'unsubscribe') })
    expect(data).toMatchObject({ ok: true, reason: 'unsubscribed', short_code: book.shortCode })

    await sendReminders(dayBefore)
    expect((await reminderMails(staying)).length).toBe(2)
    expect((await reminderMails(leaving)).length).toBe(1)
  })

  it('sends a shloshim reminder a week before and on the day before the 30th day', async () => {
    const death = '2030-05-01'
    const book = await createBook({ deathDate: death })
    const email = await confirmedSubscriber(book.shortCode, 'shloshim')
    const shloshim = shloshimDate(death, false)
    await sendReminders(addDays(shloshim, -7))
    await sendReminders(addDays(shloshim, -1))
    const subjects = (await mailsTo(email)).map((mail) => mail.Subject).filter((s) => s.includes('השלושים'))
    expect(subjects.sort()).toEqual(['בעוד שבוע השלושים של יעקב בודק', 'מחר השלושים של יעקב בודק'])
  })

  it('answers a subscribed, a pending and a new address alike, and mails an already subscribed one nothing', async () => {
    const book = await createBook({ deathDate: DEATH })
    const subscribed = await confirmedSubscriber(book.shortCode, 'known')
    const before = (await mailsTo(subscribed)).length
    const again = await subscribeToReminders(book.shortCode, subscribed)
    const fresh = await subscribeToReminders(book.shortCode, uniqueEmail('fresh'))
    expect(again).toEqual(fresh)
    expect((await mailsTo(subscribed)).length).toBe(before)
  })

  it('subscribes the signed-in owner’s own confirmed address at once', async () => {
    const owner = await signedInUser({ label: 'owner' })
    const book = await createBook({ deathDate: DEATH, ownerEmail: owner.email })
    const answer = await subscribeToReminders(book.shortCode, owner.email, {
      token: owner.accessToken,
      address: owner.address,
    })
    expect(answer.body).toEqual({ ok: true, status: 'subscribed' })
    await waitForMail(owner.email, { subject: 'נרשמתם לתזכורות' })
    // Someone else's address is not proven by the owner's session.
    const other = await subscribeToReminders(book.shortCode, uniqueEmail('other'), { token: owner.accessToken })
    expect(other.body).toEqual({ ok: true, status: 'check_email' })
  })

  it('refuses an invalid address, an unknown book, and a confirmation link used twice', async () => {
    const book = await createBook({ deathDate: DEATH })
    expect((await subscribeToReminders(book.shortCode, 'not-an-address')).body).toMatchObject({
      code: 'invalid_body',
      error: 'כתובת האימייל אינה תקינה',
    })
    expect((await subscribeToReminders('NOSUCHBK', uniqueEmail('x'))).status).toBe(404)
    const email = uniqueEmail('twice')
    await subscribeToReminders(book.shortCode, email)
    const token = reminderToken(await waitForMail(email, { subject: 'אישור הרשמה' }), 'confirm')
    expect((await anonClient().rpc('reminder_confirm', { token })).data).toMatchObject({ ok: true })
    expect((await anonClient().rpc('reminder_confirm', { token })).error).toMatchObject({
      code: 'P0001',
      hint: 'email_link_invalid',
    })
    expect((await anonClient().rpc('reminder_unsubscribe', { token: 'x'.repeat(43) })).error).toMatchObject({
      code: 'P0001',
      hint: 'email_link_invalid',
    })
  })

  it('limits subscriptions per client address and per e-mail address', async () => {
    const book = await createBook({ deathDate: DEATH })
    const address = uniqueAddress()
    await sql(
      `insert into "public"."rate_limit_hits" ("scope", "client_key") select 'reminder_address', $1 from generate_series(1, 99)`,
      [address],
    )
    const statuses: number[] = []
    for (let index = 0; index < 2; index += 1) {
      statuses.push((await subscribeToReminders(book.shortCode, uniqueEmail('many'), { address })).status)
    }
    expect(statuses).toEqual([200, 429])

    const target = uniqueEmail('target')
    const perEmail: number[] = []
    for (let index = 0; index < 4; index += 1)
      perEmail.push((await subscribeToReminders(book.shortCode, target)).status)
    expect(perEmail).toEqual([200, 200, 200, 429])
  })

  it('keeps the subscriptions, tokens and sends from every API role', async () => {
    for (const table of ['reminder_subscriptions', 'reminder_tokens', 'reminder_sends'] as const) {
      const { data, error } = await anonClient().from(table).select('*')
      expect(data ?? []).toEqual([])
      expect(error?.code).toBe('42501')
    }
    const { error } = await anonClient().rpc('reminder_recipients')
    expect(error?.code).toBe('42501')
  })

  it('lets only its scheduler call send-reminders: its secret header, never an API key or a user', async () => {
    const user = await signedInUser({ label: 'caller' })
    expect((await sendReminders(weekBefore, { token: null })).status).toBe(401)
    expect((await sendReminders(weekBefore, { token: testEnv.anonKey })).body).toMatchObject({
      code: 'scheduler_only',
    })
    const secretKeyCall = await sendReminders(weekBefore, { token: null, headers: { apikey: testEnv.serviceRoleKey } })
    expect(secretKeyCall.body).toMatchObject({ code: 'scheduler_only' })
    expect((await sendReminders(weekBefore, { token: user.accessToken })).status).toBe(401)
    expect(
      (await sendReminders(weekBefore, { token: null, headers: { 'x-reminders-secret': 'wrong-secret-'.repeat(4) } }))
        .status,
    ).toBe(401)
    const scheduled = await sendReminders(weekBefore, {
      token: null,
      headers: { 'x-reminders-secret': remindersCronSecret() },
    })
    expect(scheduled.status).toBe(200)
    expect(scheduled.body.today).toBe(weekBefore)
    expect((await sendReminders('2031-02-30')).status).toBe(400)
  })
})
