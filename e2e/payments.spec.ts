import { expect, test, type Page } from '@playwright/test'
import { booksStrings } from '../src/domains/book/strings/books'
import { dashboardStrings } from '../src/i18n/dashboard'
import { giftsStrings } from '../src/domains/gift/strings/gifts'
import { paymentStrings, tPayment } from '../src/domains/payments/strings/payment'
import {
  bookRow,
  booksOwnedBy,
  createBook,
  createUser,
  isFramed,
  sql,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { DECLINED_CARD } from '../supabase/local/payments/payplus-checkout.ts'
import { payOnSandboxPage, signInThroughUi } from './fixtures/session'
import { screenshotsWanted, shot } from './fixtures/screenshots'

/*
 * Paying through PayPlus (the sandbox's payment page) on a 412 px phone: a book bought with Bit, a
 * gift bought by card and cancelled with its refund shown, a declined card that leaves the book
 * unpaid and payable later, and the money slips testers found: a one-use coupon from two tabs, a
 * double click on pay, going back after paying, and a return URL that claims a payment.
 */

const arrive = expect.configure({ timeout: 20_000 })

async function pageShot(page: Page, name: string) {
  if (!screenshotsWanted()) return
  await page.evaluate(async () => {
    window.scrollTo({ top: 0, behavior: 'instant' })
    await document.fonts.ready
  })
  await shot(page, name, { fullPage: true })
}

/** The e-mail as the buyer's mail app would show it (its HTML in a page of its own), for the screenshots. */
async function mailShot(page: Page, html: string, name: string) {
  if (!screenshotsWanted()) return
  const mailPage = await page.context().newPage()
  await mailPage.setContent(`<!doctype html><html lang="he"><body style="margin:16px">${html}</body></html>`)
  await shot(mailPage, name, { fullPage: true })
  await mailPage.close()
}

async function sessionsOf(userId: string) {
  return sql<{ status: string; coupon_code: string | null; payment_method: string | null }>(
    `select "status", "coupon_code", "payment_method" from "public"."payment_sessions" where "user_id" = $1 order by "created_at"`,
    [userId],
  )
}

async function startPaying(page: Page, path: string) {
  await page.goto(path)
  await arrive(page.getByRole('button', { name: paymentStrings.actions.pay })).toBeEnabled()
  await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
}

test.describe('payments through PayPlus', () => {
  test.describe.configure({ timeout: 150_000 })

  test('a book bought with the Bit button; going back after paying offers to continue, not to pay again', async ({
    page,
  }) => {
    const user = await createUser({ label: 'bit-buyer', fullName: 'יעל כהן' })
    await signInThroughUi(page, user)
    await startPaying(page, '/payment?plan=basic&type=for_me')
    await page.waitForURL(`${process.env.PAYMENTS_URL}/payplus/**`)
    await arrive(page.getByRole('button', { name: 'תשלום ב-Bit' })).toBeVisible()
    await expect(page.getByText('סה״כ לתשלום (כולל מע״מ)')).toBeVisible()
    await pageShot(page, 'payplus-page')
    await payOnSandboxPage(page, { bit: true })

    await page.waitForURL(/\/create-book\?session_id=pp_[^&]+&plan=basic&paid=true/)
    await arrive(page.getByText(booksStrings.create.paidNote)).toBeVisible()

    // Back twice: past the provider's page to /payment, which continues the paid purchase.
    await page.goBack()
    await page.goBack()
    await page.waitForURL(/\/payment\?/)
    const continued = page.getByTestId('already-paid')
    await arrive(continued).toContainText(paymentStrings.payment.unspentForMe)
    await expect(page.getByRole('button', { name: paymentStrings.actions.pay })).toHaveCount(0)
    await pageShot(page, 'already-paid')
    await continued.getByRole('link', { name: paymentStrings.payment.continueBook }).click()

    await page.waitForURL(/\/create-book\?/)
    await arrive(page.getByLabel(booksStrings.fields.fullName)).toBeVisible()
    await page.getByLabel(booksStrings.fields.fullName).fill('משה כהן')
    await page.getByRole('button', { name: booksStrings.create.submit }).click()
    await page.waitForURL('**/dashboard')
    const [book] = await booksOwnedBy(user.email)
    expect(book).toMatchObject({ plan_type: 'basic', payment_status: 'paid' })
    expect(await sessionsOf(user.id)).toEqual([{ status: 'paid', coupon_code: null, payment_method: 'bit' }])

    const payments = page.getByTestId('payment-item')
    await arrive(payments).toHaveCount(1)
    await expect(payments).toContainText(dashboardStrings.payments.state.paid)
    await expect(payments).toContainText('Bit')
    await expect(payments).toContainText(dashboardStrings.payments.taxDocument)
    const mail = await waitForMail(user.email, { subject: 'אישור תשלום' })
    expect(mail.Text).toContain('אמצעי תשלום: Bit')
    expect(isFramed(mail)).toBe(true)
    await mailShot(page, mail.HTML, 'mail-payment-bit')
    await pageShot(page, 'payments-list')
  })

  test('a gift bought by card, then cancelled: the refund is shown and mailed', async ({ page }) => {
    const buyer = await createUser({ label: 'card-gift', fullName: 'רונית שמש' })
    await signInThroughUi(page, buyer)
    await startPaying(page, '/payment?plan=pro&type=gift')
    await payOnSandboxPage(page)
    await page.waitForURL(/\/gift-generation\?.*session_id=pp_/)
    await arrive(page.getByLabel(giftsStrings.generation.recipientName)).toBeVisible()
    await page.getByLabel(giftsStrings.generation.recipientName).fill('אבי שמש')
    await page.getByLabel(giftsStrings.generation.deceasedName).fill('חנה שמש')
    await page.getByRole('button', { name: giftsStrings.generation.create }).click()
    await page.waitForURL(/\/gift-created\?/)
    await arrive(page.getByText(giftsStrings.created.banner)).toBeVisible()

    await page.getByRole('link', { name: giftsStrings.created.backToPurchases }).click()
    await page.waitForURL(/\/dashboard\?view=purchases/)
    await arrive(page.getByTestId('purchased-gift')).toContainText(giftsStrings.list.status.pending)
    await page.getByRole('button', { name: giftsStrings.list.cancel }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText(giftsStrings.list.cancelRefund)).toBeVisible()
    await dialog.getByRole('button', { name: giftsStrings.list.cancelConfirm }).click()
    await expect(page.getByTestId('purchased-gift')).toContainText(giftsStrings.list.status.cancelled)

    const payment = page.getByTestId('payment-item')
    await arrive(payment).toContainText(dashboardStrings.payments.state.refunded)
    await expect(payment).toContainText('הוחזרו 149 ₪')
    await expect(payment).toContainText('כרטיס אשראי המסתיים ב־4580')
    await pageShot(page, 'gift-refunded')
    const notice = await waitForMail(buyer.email, { subject: 'אישור החזר כספי' })
    expect(notice.Text).toContain('ההחזר הכספי בוצע')
    expect(isFramed(notice)).toBe(true)
    await mailShot(page, notice.HTML, 'mail-refund')
    const receipt = await waitForMail(buyer.email, { subject: 'אישור תשלום' })
    expect(receipt.Text).toContain('כרטיס אשראי המסתיים ב-4580')
    expect(isFramed(receipt)).toBe(true)
    await mailShot(page, receipt.HTML, 'mail-payment-card')
  })

  test('a declined card leaves a clear message and an unpaid book that is paid later', async ({ page }) => {
    const owner = await createUser({ label: 'declined', fullName: 'דוד לוי' })
    const book = await createBook({ ownerEmail: owner.email, payment: 'unpaid', plan: 'basic', fullName: 'שמואל לוי' })
    await signInThroughUi(page, owner)
    await page.goto('/dashboard')
    await arrive(page.getByRole('link', { name: dashboardStrings.banners.completePayment })).toBeVisible()
    await page.getByRole('link', { name: dashboardStrings.banners.completePayment }).click()
    await arrive(page.getByRole('button', { name: paymentStrings.actions.pay })).toBeEnabled()
    await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
    await payOnSandboxPage(page, { card: DECLINED_CARD })

    await page.waitForURL(/\/payment\?.*failed=true/)
    await arrive(page.getByRole('alert')).toContainText(paymentStrings.payment.declined)
    await expect(page.getByRole('alert')).toContainText(tPayment('payment.declinedBook', { name: book.fullName }))
    await pageShot(page, 'declined')
    expect(await bookRow(book.id)).toMatchObject({ payment_status: 'unpaid' })

    // Later, from the dashboard's banner, with a card that works.
    await page.goto('/dashboard')
    await page.getByRole('link', { name: dashboardStrings.banners.completePayment }).click()
    await arrive(page.getByRole('button', { name: paymentStrings.actions.pay })).toBeEnabled()
    await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
    await payOnSandboxPage(page)
    await page.waitForURL('**/dashboard**')
    await expect.poll(async () => (await bookRow(book.id))?.payment_status).toBe('paid')
    await arrive(page.getByText(dashboardStrings.banners.unpaidTitle)).toHaveCount(0)
    expect((await sessionsOf(owner.id)).map((session) => session.status)).toEqual(['failed', 'paid'])
  })

  test('a one-use coupon applied in two tabs and a double click on pay make one discounted checkout', async ({
    page,
    context,
  }) => {
    const user = await createUser({ label: 'two-tabs', fullName: 'נעמה בר' })
    const code = `TAB${Date.now().toString(36).toUpperCase()}`
    await sql(
      `insert into "public"."admin_coupons" ("code", "discount_type", "value", "max_uses") values ($1, 'percent', 50, 1)`,
      [code],
    )
    await signInThroughUi(page, user)
    const second = await context.newPage()
    for (const tab of [page, second]) {
      await tab.goto('/payment?plan=pro&type=for_me')
      await arrive(tab.getByLabel(paymentStrings.coupon.label)).toBeVisible()
      await tab.getByLabel(paymentStrings.coupon.label).fill(code)
      await tab.getByRole('button', { name: paymentStrings.coupon.apply }).click()
      await arrive(tab.getByTestId('final-price')).toHaveText('74.5 ₪')
    }
    await page.getByRole('button', { name: paymentStrings.actions.pay }).dblclick()
    await second.getByRole('button', { name: paymentStrings.actions.pay }).click()
    await Promise.all([page, second].map((tab) => tab.waitForURL(`${process.env.PAYMENTS_URL}/payplus/**`)))
    expect(second.url()).toBe(page.url())
    expect(await sessionsOf(user.id)).toEqual([{ status: 'created', coupon_code: code, payment_method: null }])

    await payOnSandboxPage(page)
    await page.waitForURL(/\/create-book\?/)
    await second.reload()
    await arrive(second.getByText('התשלום על הזמנה זו כבר בוצע.')).toBeVisible()
    const [coupon] = await sql<{ uses: number }>(
      `select "uses_count" as "uses" from "public"."admin_coupons" where "code" = $1`,
      [code],
    )
    expect(coupon!.uses).toBe(1)
  })

  test('/create-book believes the server, not the address: no "payment received" for a checkout never paid', async ({
    page,
  }) => {
    const user = await createUser({ label: 'url-claims', fullName: 'אלון גל' })
    await signInThroughUi(page, user)
    await page.goto('/create-book?session_id=pp_00000000-0000-4000-8000-000000000000&plan=pro&paid=true&free=true')
    await arrive(page.getByRole('heading', { level: 1, name: booksStrings.create.title })).toBeVisible()
    await expect(page.getByText(booksStrings.create.paidNote)).toHaveCount(0)
    await expect(page.getByText(booksStrings.create.freeNote)).toHaveCount(0)
  })
})
