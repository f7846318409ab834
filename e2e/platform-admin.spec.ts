import { expect, test, type Page } from '@playwright/test'
import { accountsStrings } from '../src/domains/accounts/strings/accounts'
import { paymentStrings } from '../src/domains/payments/strings/payment'
import { platformAdminStrings as s } from '../src/domains/platform-admin/strings/platform-admin'
import { bookRow, createBook, createUser, sql, unique } from '../supabase/local/testing/index.ts'
import { signInThroughUi, signOutThroughHeader } from './fixtures/session'

/*
 * The platform admin at a desktop (1366 px): searches a book and changes its payment status,
 * resets a user's password (the user signs in with the temporary password and must choose a new
 * one), creates a coupon that a new user redeems on /payment at once. A plain user is refused on
 * /admin-panel and /admin/coupons, and a visitor without a session is sent to log in.
 */

test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false })

/** A screen's first visit compiles its chunk in the dev server, which takes a while on a busy machine. */
const arrive = expect.configure({ timeout: 30_000 })

async function confirmAction(page: Page, name: string) {
  await page.getByRole('alertdialog').getByRole('button', { name, exact: true }).click()
}

test.describe('platform admin', () => {
  // Several screens, each compiled by the dev server on its first visit, on a shared machine.
  test.describe.configure({ timeout: 420_000 })

  test('searches a book, changes its payment status, and resets a user password that must then be changed', async ({
    page,
  }) => {
    const admin = await createUser({ platformAdmin: true, fullName: 'מנהלת המערכת' })
    const user = await createUser({ label: 'reset-me', fullName: 'דוד לוי' })
    const name = `אסתר ${unique().slice(-6)}`
    const book = await createBook({ fullName: name, ownerEmail: user.email, payment: 'unpaid' })

    await signInThroughUi(page, admin, '/admin-panel')
    await arrive(page.getByRole('heading', { level: 1, name: s.panel.title })).toBeVisible()
    await page.getByLabel(s.books.searchLabel).fill(name)
    const table = page.getByRole('table', { name: s.books.tableLabel })
    await arrive(table.getByRole('row')).toHaveCount(2)
    const row = table.getByRole('row', { name: new RegExp(name) })
    await arrive(row).toContainText(s.books.payment.unpaid)

    await row.getByRole('button', { name: s.books.actions.menu.replace('{name}', name) }).click()
    await page.getByRole('dialog').getByRole('button', { name: s.books.actions.togglePayment }).click()
    await arrive(page.getByRole('alertdialog')).toContainText(`מ„${s.books.payment.unpaid}” ל„${s.books.payment.paid}”`)
    await confirmAction(page, s.books.confirm.togglePaymentAction)
    await arrive(page.getByText(s.books.paymentUpdated)).toBeVisible()
    await arrive(row).toContainText(s.books.payment.paid)
    expect((await bookRow(book.id))?.payment_status).toBe('paid')

    await page.getByRole('tab', { name: s.panel.tabs.users }).click()
    await page.getByLabel(s.users.searchLabel).fill(user.email)
    const userRow = page
      .getByRole('table', { name: s.users.tableLabel })
      .getByRole('row', { name: new RegExp(user.email) })
    await arrive(userRow).toContainText(s.no)
    await userRow.getByRole('button', { name: s.users.resetPasswordFor.replace('{email}', user.email) }).click()
    await confirmAction(page, s.users.confirmAction)
    const shown = page.getByTestId('temporary-password')
    await arrive(shown).toHaveText(/^\S{16}$/)
    const temporaryPassword = (await shown.textContent())!
    await page.getByRole('button', { name: s.users.done }).click()
    await arrive(userRow).toContainText(s.yes)
    const [log] = await sql<{ admin_email: string }>(
      `select "admin_email" from "public"."admin_logs" where "action" = 'ADMIN_RESET_USER_PASSWORD' and "target_user" = $1`,
      [user.email],
    )
    expect(log?.admin_email).toBe(admin.email)

    await signOutThroughHeader(page)
    await signInThroughUi(page, { email: user.email, password: temporaryPassword }, '/update-password')
    const newPassword = 'Chosen-by-david-2026'
    await page.getByLabel(accountsStrings.updatePassword.password, { exact: true }).fill(newPassword)
    await page.getByLabel(accountsStrings.updatePassword.confirmPassword).fill(newPassword)
    await page.getByRole('button', { name: accountsStrings.updatePassword.submit }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    const [profile] = await sql<{ must: boolean }>(
      `select "must_change_password" as "must" from "public"."users" where "id" = $1`,
      [user.id],
    )
    expect(profile?.must).toBe(false)
    await signInThroughUi(page, { email: user.email, password: newPassword }, '/dashboard')
  })

  test('creates a coupon that a new user redeems on /payment at once', async ({ page, browser }) => {
    const admin = await createUser({ platformAdmin: true })
    const code = `GIFT${unique().slice(-6).toUpperCase()}`
    await signInThroughUi(page, admin, '/admin-panel')
    await page.getByRole('link', { name: s.panel.coupons }).click()
    await arrive(page.getByRole('heading', { level: 1, name: s.coupons.title })).toBeVisible()

    await page.getByRole('button', { name: s.coupons.create }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(s.coupons.form.code).fill(code.toLowerCase())
    await dialog.getByRole('button', { name: s.coupons.form.submit }).click()
    await arrive(dialog.getByRole('alert')).toHaveText('הנחה באחוזים חייבת להיות בין 1 ל-100')
    await dialog.getByLabel(s.coupons.form.value).fill('100')
    await dialog.getByRole('button', { name: s.coupons.form.submit }).click()
    await arrive(page.getByText(s.coupons.form.created)).toBeVisible()
    const list = page.getByRole('list', { name: s.coupons.tableLabel })
    const item = list.getByRole('listitem').filter({ hasText: code })
    await arrive(item).toContainText('100%')
    await arrive(item).toContainText('0 / 1')
    await arrive(item).toContainText(s.coupons.status.active)

    const buyerContext = await browser.newContext()
    const buyerPage = await buyerContext.newPage()
    const buyer = await createUser({ label: 'coupon-buyer', fullName: 'נעמה בר' })
    await signInThroughUi(buyerPage, buyer)
    await buyerPage.goto('/payment?plan=pro&type=for_me')
    await arrive(buyerPage.getByTestId('final-price')).toHaveText('149 ₪')
    await buyerPage.getByLabel(paymentStrings.coupon.label).fill(code)
    await buyerPage.getByRole('button', { name: paymentStrings.coupon.apply }).click()
    await arrive(buyerPage.getByText(`הקופון ${code} הוחל`)).toBeVisible()
    await buyerPage.getByRole('button', { name: paymentStrings.actions.freeBook }).click()
    await buyerPage.waitForURL(/\/create-book\?.*session_id=free_coupon_/)
    await buyerContext.close()

    await page.reload()
    await arrive(item).toContainText('1 / 1')
    await arrive(item).toContainText(s.coupons.status.exhausted)

    await item.getByRole('button', { name: s.coupons.deleteLabel.replace('{code}', code) }).click()
    await arrive(page.getByRole('alertdialog')).toContainText(s.coupons.deleteConfirmText)
    await confirmAction(page, s.coupons.deleteConfirmAction)
    await arrive(page.getByText(s.coupons.deleted)).toBeVisible()
    await arrive(item).toHaveCount(0)
  })

  test('a plain user is refused on /admin-panel and /admin/coupons; without a session they lead to login', async ({
    page,
  }) => {
    await page.goto('/admin-panel')
    await page.waitForURL((url) => url.pathname === '/login')

    const plain = await createUser({ label: 'not-admin' })
    await signInThroughUi(page, plain)
    for (const path of ['/admin-panel', '/admin/coupons']) {
      await page.goto(path)
      await page.waitForURL((url) => url.pathname === '/')
      await arrive(page.getByText(s.denied.title)).toBeVisible()
      await arrive(page.getByText(s.denied.text)).toBeVisible()
    }
  })
})
