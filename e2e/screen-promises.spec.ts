import { expect, test, type Page } from '@playwright/test'
import { booksStrings } from '../src/domains/book/strings/books'
import { bookExportStrings } from '../src/domains/book/strings/book-export'
import { tFamilyAdmins } from '../src/domains/family-admins/strings/family-admins'
import { dashboardStrings, tDashboard } from '../src/i18n/dashboard'
import { paymentStrings, tPayment } from '../src/domains/payments/strings/payment'
import { withHonorific } from '../shared/honorific.ts'
import { bookRow, booksOwnedBy, createBook, createUser, sql } from '../supabase/local/testing/index.ts'
import { DECLINED_CARD } from '../supabase/local/payments/payplus-checkout.ts'
import { payOnSandboxPage, signInThroughUi } from './fixtures/session'
import { shot } from './fixtures/screenshots'

/*
 * The screens keep what they promise, on a 412 px phone: a declined card is tried again from the
 * same screen with the plan and coupon kept; the payment page's "back to the site" after paying
 * lands on the paid book, never on an empty form; deleting a book offers the export first and ends
 * on a calm confirmation; deleting the account offers, for each book, the export and the way to
 * hand it to someone in the family.
 */

/** A screen's first visit compiles its chunk in the dev server, which takes a while on a busy machine. */
const arrive = expect.configure({ timeout: 20_000 })

async function pageShot(page: Page, name: string) {
  await page.evaluate(async () => {
    window.scrollTo({ top: 0, behavior: 'instant' })
    await document.fonts.ready
  })
  await shot(page, name, { fullPage: true })
}

test.describe.configure({ timeout: 150_000 })

test('a declined card is tried again from the same screen, with the plan and the coupon kept', async ({ page }) => {
  const buyer = await createUser({ label: 'declined-retry', fullName: 'דוד לוי' })
  const code = `RETRY${Date.now().toString(36).toUpperCase()}`
  await sql(`insert into "public"."admin_coupons" ("code", "discount_type", "value") values ($1, 'percent', 50)`, [
    code,
  ])
  await signInThroughUi(page, buyer)
  await page.goto('/payment?plan=pro&type=for_me')
  await arrive(page.getByLabel(paymentStrings.coupon.label)).toBeVisible()
  await page.getByLabel(paymentStrings.coupon.label).fill(code)
  await page.getByRole('button', { name: paymentStrings.coupon.apply }).click()
  await arrive(page.getByTestId('final-price')).toHaveText('74.5 ₪')
  await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
  await payOnSandboxPage(page, { card: DECLINED_CARD })

  await page.waitForURL(/\/payment\?.*failed=true/)
  await arrive(page.getByRole('alert')).toHaveText(paymentStrings.payment.declined)
  await arrive(page.getByText(tPayment('coupon.applied', { code }))).toBeVisible()
  await expect(page.getByTestId('final-price')).toHaveText('74.5 ₪')
  await expect(page.getByRole('radio', { name: paymentStrings.plans.pro.name })).toBeChecked()
  await pageShot(page, 'screen-declined')

  await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
  await payOnSandboxPage(page)
  await page.waitForURL(/\/create-book\?session_id=/)
  const [paid] = await sql<{ amount: number; coupon: string | null }>(
    `select "amount_agorot" as "amount", "coupon_code" as "coupon" from "public"."payment_sessions"
     where "user_id" = $1 and "status" = 'paid'`,
    [buyer.id],
  )
  expect(paid).toEqual({ amount: 7450, coupon: code })
})

test('after paying, the payment page’s "back to the site" lands on the paid book, not on an empty form', async ({
  page,
}) => {
  const buyer = await createUser({ label: 'back-after-paying', fullName: 'יעל כהן' })
  await signInThroughUi(page, buyer)
  await page.goto('/payment?plan=basic&type=for_me')
  await arrive(page.getByRole('button', { name: paymentStrings.actions.pay })).toBeEnabled()
  await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
  await page.waitForURL(`${process.env.PAYMENTS_URL}/payplus/**`)
  const paymentPage = page.url()
  await payOnSandboxPage(page)
  await page.waitForURL(/\/create-book\?session_id=/)
  await arrive(page.getByLabel(booksStrings.fields.fullName)).toBeVisible()
  await page.getByLabel(booksStrings.fields.fullName).fill('משה כהן')
  await page.getByRole('button', { name: booksStrings.create.submit }).click()
  await page.waitForURL('**/dashboard')
  const [book] = await booksOwnedBy(buyer.email)

  await page.goto(paymentPage)
  await page.getByRole('link', { name: 'חזרה לאתר' }).click()
  await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('book') === book!.id)
  await arrive(page.getByText('משה כהן').first()).toBeVisible()
  await expect(page.getByLabel(booksStrings.fields.fullName)).toHaveCount(0)
  await pageShot(page, 'screen-back-after-paying')
  expect(await booksOwnedBy(buyer.email)).toHaveLength(1)
})

test('deleting a book offers its export first and ends on a calm confirmation', async ({ page }) => {
  const owner = await createUser({ label: 'book-deleter', fullName: 'אורית שלום' })
  const book = await createBook({ fullName: 'משה שלום', ownerEmail: owner.email })
  await signInThroughUi(page, owner)
  await page.goto(`/admin-dashboard?book=${book.id}`)
  await arrive(page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook })).toBeVisible()
  await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook }).click()
  const confirm = page.getByRole('alertdialog')
  const exportFirst = confirm.getByRole('link', { name: dashboardStrings.adminDashboard.exportFirst })
  await arrive(exportFirst).toHaveAttribute('href', `/book-export?book=${book.id}`)
  await shot(page, 'screen-delete-book-dialog')

  await exportFirst.click()
  await page.waitForURL(/\/book-export\?book=/)
  await arrive(page.getByRole('button', { name: bookExportStrings.screen.start })).toBeVisible()
  await page.goBack()
  await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook }).click()
  await confirm.getByRole('button', { name: dashboardStrings.adminDashboard.deleteConfirmButton }).click()

  const done = page.getByRole('main')
  await arrive(
    done.getByRole('heading', {
      name: tDashboard('adminDashboard.deletedTitle', { name: withHonorific(book.fullName) }),
    }),
  ).toBeVisible()
  await expect(done.getByText(dashboardStrings.adminDashboard.deletedText)).toBeVisible()
  await expect(done.getByRole('link', { name: dashboardStrings.adminDashboard.toDashboard })).toBeVisible()
  expect(new URL(page.url()).pathname).not.toBe('/')
  await pageShot(page, 'screen-book-deleted')
  expect(await bookRow(book.id)).toBeUndefined()
})

test('deleting the account offers, for each book, its export and the way to hand it to the family', async ({
  page,
}) => {
  const user = await createUser({ label: 'account-deleter', fullName: 'יעל נוסעת' })
  const book = await createBook({ fullName: 'אברהם נוסע', ownerEmail: user.email })
  await signInThroughUi(page, user)
  await page.getByRole('button', { name: dashboardStrings.account.open }).click()
  const dialog = page.getByRole('alertdialog', { name: dashboardStrings.account.dialogTitle })
  await arrive(dialog.getByText(tDashboard('account.bookDeleted', { name: 'אברהם נוסע' }))).toBeVisible()
  await expect(dialog.getByRole('link', { name: dashboardStrings.account.exportBook })).toHaveAttribute(
    'href',
    `/book-export?book=${book.id}`,
  )
  const handOver = dialog.getByRole('link', { name: dashboardStrings.account.handOverFirst })
  await expect(handOver).toHaveAttribute('href', `/admin-dashboard?book=${book.id}`)
  await shot(page, 'screen-delete-account-dialog')

  await handOver.click()
  await arrive(page.getByRole('heading', { name: tFamilyAdmins('transfer.title') })).toBeVisible()
  expect(await bookRow(book.id)).toMatchObject({ owner_email: user.email })
})
