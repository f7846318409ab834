import { expect, test, type Page } from '@playwright/test'
import { accountsStrings } from '../src/domains/accounts/strings/accounts'
import { dashboardStrings } from '../src/i18n/dashboard'
import { giftsStrings } from '../src/domains/gift/strings/gifts'
import { paymentStrings } from '../src/domains/payments/strings/payment'
import { createUser, isFramed, verifyLink, waitForMail, sql } from '../supabase/local/testing/index.ts'
import { payOnSandboxPage, signInThroughUi } from './fixtures/session'
import { screenshotsWanted, shot } from './fixtures/screenshots'

/*
 * Gifts end to end, on a 412 px phone: a purchaser pays for a gift in the sandbox
 * checkout and gets the code and the WhatsApp text; a new recipient registers through the gift
 * link, confirms by e-mail and lands on /gift-welcome owning the book; the purchaser sees it
 * claimed. A gift bought with FREE100 is cancelled. Expired and claimed codes show their messages.
 */

const arrive = expect.configure({ timeout: 20_000 })

async function pageShot(page: Page, name: string) {
  if (!screenshotsWanted()) return
  await page.evaluate(async () => {
    window.scrollTo({ top: 0, behavior: 'instant' })
    await document.fonts.ready
  })
  await shot(page, `gifts-${name}`, { fullPage: true })
}

function main(page: Page) {
  return page.getByRole('main')
}

async function nameTheGift(page: Page, recipient: string, deceased: string) {
  await arrive(page.getByLabel(giftsStrings.generation.recipientName)).toBeVisible()
  await page.getByLabel(giftsStrings.generation.recipientName).fill(recipient)
  await page.getByLabel(giftsStrings.generation.deceasedName).fill(deceased)
}

test.describe('gifts', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a purchaser pays for a gift, a new recipient registers through its link and owns the book', async ({
    page,
    browser,
  }) => {
    const purchaser = await createUser({ label: 'giver', fullName: 'אורית גולן' })
    await signInThroughUi(page, purchaser)
    const started = Date.now()

    await page.goto('/payment?plan=pro&type=gift')
    await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
    await payOnSandboxPage(page)

    await page.waitForURL(/\/gift-generation\?.*session_id=pp_/)
    await nameTheGift(page, 'דנה גולן', 'אהרון גולן')
    await expect(page.getByText(giftsStrings.generation.online)).toBeVisible()
    await pageShot(page, 'generation-form')
    await page.getByRole('button', { name: giftsStrings.generation.create }).click()

    await page.waitForURL(/\/gift-created\?session_id=pp_[^&]+&paid=true/)
    await arrive(page.getByTestId('gift-code')).toBeVisible()
    const code = (await page.getByTestId('gift-code').textContent())!.trim()
    expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/)
    await expect(page.getByText(giftsStrings.created.forRecipient.replace('{name}', 'דנה גולן'))).toBeVisible()
    const whatsapp = page.getByTestId('gift-whatsapp')
    await expect(whatsapp).toHaveText(giftsStrings.code.whatsapp)
    const message = new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!
    console.log(`WhatsApp text as sent:\n${message}`)
    expect(message).toContain(code)
    expect(message).toContain(`/register?gift=${code}`)
    expect(message).toContain('דנה גולן')
    expect(message).toContain('אורית גולן')
    expect(message).toContain('אהרון גולן ז״ל')
    await pageShot(page, 'created')

    const receipt = await waitForMail(purchaser.email, { subject: code })
    expect(receipt.Text).toContain(`/register?gift=${code}`)
    expect(isFramed(receipt)).toBe(true)

    // The recipient, on another phone, opens the link from the message.
    const recipientContext = await browser.newContext({ viewport: { width: 412, height: 915 } })
    const phone = await recipientContext.newPage()
    const recipientEmail = `recipient-${Date.now().toString(36)}@example.test`
    await phone.goto(message.slice(message.indexOf('http')).trim())
    await arrive(main(phone).getByLabel(accountsStrings.register.giftCode)).toHaveValue(code)
    await main(phone).getByLabel(accountsStrings.common.fullName).fill('דנה גולן')
    await main(phone).getByLabel(accountsStrings.common.email).fill(recipientEmail)
    await main(phone).getByLabel(accountsStrings.common.password, { exact: true }).fill('Gift-recipient-2026')
    await main(phone).getByRole('button', { name: accountsStrings.register.modes.gift.submit }).click()
    await expect(phone.getByRole('dialog').getByText(recipientEmail)).toBeVisible()

    const confirmation = await waitForMail(recipientEmail)
    await phone.goto(verifyLink(confirmation).href)
    await phone.waitForURL(/\/gift-welcome\?/, { timeout: 30_000 })
    await arrive(phone.getByRole('heading', { level: 1, name: 'ספר זיכרון לאהרון גולן ז״ל' })).toBeVisible()
    await expect(phone.getByText(giftsStrings.welcome.from.replace('{name}', 'אורית גולן'))).toBeVisible()
    const elapsed = Date.now() - started
    console.log(`purchase-to-claim journey: ${(elapsed / 1000).toFixed(1)} s`)
    test.info().annotations.push({ type: 'purchase-to-claim-ms', description: String(elapsed) })
    await pageShot(phone, 'welcome')

    const [book] = await sql<{ owner_email: string; gift_status: string }>(
      `select "owner_email", "gift_status" from "public"."memory_books" where "gift_code" = $1`,
      [code],
    )
    expect(book).toEqual({ owner_email: recipientEmail, gift_status: 'claimed' })
    expect(await phone.evaluate(() => localStorage.getItem('pendingGiftCode'))).toBeNull()
    await recipientContext.close()

    await waitForMail(purchaser.email, { subject: 'המתנה שלכם התקבלה' })
    await page.goto('/dashboard?view=purchases')
    await arrive(page.getByTestId('purchased-gift')).toContainText(giftsStrings.list.status.claimed)
    await expect(page.getByText(giftsStrings.list.claimedNote)).toBeVisible()
    await pageShot(page, 'list-claimed')
  })

  test('a gift bought with FREE100 is cancelled from the list', async ({ page }) => {
    const purchaser = await createUser({ label: 'free-giver', fullName: 'משה לוי' })
    await signInThroughUi(page, purchaser)
    await page.goto('/payment?plan=basic&type=gift')
    await page.getByLabel(paymentStrings.coupon.label).fill('FREE100')
    await page.getByRole('button', { name: paymentStrings.coupon.apply }).click()
    await page.getByRole('button', { name: paymentStrings.actions.freeGift }).click()
    await page.waitForURL(/\/gift-generation\?.*session_id=free_coupon_/)
    await nameTheGift(page, 'רות לוי', 'שרה לוי')
    await page.getByRole('button', { name: giftsStrings.generation.create }).click()
    await page.waitForURL(/\/gift-created\?/)
    await arrive(page.getByTestId('gift-code')).toBeVisible()
    await expect(page.getByText(giftsStrings.created.freeBanner)).toBeVisible()
    await expect(page.locator('main')).not.toContainText('התשלום התקבל')

    await page.getByRole('link', { name: giftsStrings.created.backToPurchases }).click()
    await page.waitForURL(/\/dashboard\?view=purchases/)
    await arrive(page.getByTestId('purchased-gift')).toContainText(giftsStrings.list.status.pending)
    await pageShot(page, 'list-pending')
    // A free gift moved no money: its page and its cancelling speak of no payment and no refund.
    await expect(page.getByText(giftsStrings.list.cancelWindowFree)).toBeVisible()
    await page.getByRole('button', { name: giftsStrings.list.cancelFree, exact: true }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText(giftsStrings.list.cancelWarning)).toBeVisible()
    await expect(dialog.getByText(giftsStrings.list.cancelFreeNote)).toBeVisible()
    await expect(dialog).not.toContainText('3-5')
    await expect(dialog).not.toContainText('החזר')
    await pageShot(page, 'cancel-confirm')
    await dialog.getByRole('button', { name: giftsStrings.list.cancelConfirm }).click()
    await expect(page.getByTestId('purchased-gift')).toContainText(giftsStrings.list.status.cancelled)
    await expect(page.getByText(giftsStrings.list.cancelledFree, { exact: true })).toBeVisible()
    await expect(page.getByText(dashboardStrings.payments.state.freeCancelled).first()).toBeVisible()
    await expect(page.locator('main')).not.toContainText('3-5')
    const [session] = await sql<{ status: string }>(
      `select s."status" from "public"."payment_sessions" s where s."user_id" = $1 and s."recipient_type" = 'gift'`,
      [purchaser.id],
    )
    expect(session).toEqual({ status: 'refunded' })
  })

  test('an expired code and an already claimed code show their messages', async ({ page }) => {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
    const code = () => Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
    const expired = code()
    const claimed = code()
    await sql(
      `insert into "public"."memory_books" ("full_name", "gift_code", "gift_status", "payment_status", "gift_code_expires_at")
       values ('ספר שפג', $1, 'pending', 'paid', now() - interval '1 day')`,
      [expired],
    )
    await sql(
      `insert into "public"."memory_books" ("full_name", "gift_code", "gift_status", "payment_status", "owner_email")
       values ('ספר שנתבע', $1, 'claimed', 'paid', 'someone@example.test')`,
      [claimed],
    )
    const user = await createUser({ label: 'claimer', fullName: 'יעל כהן' })
    await signInThroughUi(page, user)
    await page.goto(`/gift?code=${expired.toLowerCase()}`)
    const input = main(page).getByLabel(giftsStrings.claim.codeLabel)
    await arrive(input).toHaveValue(expired)
    await main(page).getByRole('button', { name: giftsStrings.claim.submit }).click()
    await expect(page.getByTestId('claim-error')).toHaveText('קוד המתנה פג תוקפו')
    await pageShot(page, 'claim-expired')
    await input.fill(claimed)
    await main(page).getByRole('button', { name: giftsStrings.claim.submit }).click()
    await expect(page.getByTestId('claim-error')).toHaveText('קוד המתנה כבר נתבע')
    // The linked code's state leaves with it, and the refusal is said once, beside the code.
    await expect(main(page).getByText(giftsStrings.claim.status.expired)).toHaveCount(0)
    await expect(page.getByText('קוד המתנה כבר נתבע')).toHaveCount(1)
    await pageShot(page, 'claim-claimed')
  })
})
