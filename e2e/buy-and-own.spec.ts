import { expect, test, type Page } from '@playwright/test'
import { booksStrings } from '../src/domains/book/strings/books'
import { dashboardStrings, tDashboard } from '../src/i18n/dashboard'
import { withHonorific } from '../shared/honorific.ts'
import { datesStrings } from '../src/i18n/dates'
import { paymentStrings } from '../src/domains/payments/strings/payment'
import { bookRow, booksOwnedBy, createBook, createUser } from '../supabase/local/testing/index.ts'
import { payOnSandboxPage, signInThroughUi } from './fixtures/session'
import { screenshotsWanted, shot } from './fixtures/screenshots'

/*
 * Buying and owning a book, on a 412 px phone: paying through the sandbox checkout,
 * a 100% coupon without checkout, a 50% coupon's price, and the owner's editing, privacy,
 * family code and deletion.
 */

const profilePhoto = 'supabase/seed-assets/garden-light.jpg'
/** A screen's first visit compiles its chunk in the dev server, which takes a while on a busy machine. */
const arrive = expect.configure({ timeout: 20_000 })
const paymentsUrl = process.env.PAYMENTS_URL!

async function pageShot(page: Page, name: string) {
  if (!screenshotsWanted()) return
  await page.evaluate(async () => {
    window.scrollTo({ top: 0, behavior: 'instant' })
    await document.fonts.ready
  })
  await shot(page, name, { fullPage: true })
}

async function fillBookForm(page: Page, details: { name: string; birth: string; death: string; quote: string }) {
  await page.getByLabel(booksStrings.fields.fullName).fill(details.name)
  await page.getByLabel(booksStrings.fields.birthDate).fill(details.birth)
  await page.getByLabel(booksStrings.fields.deathDate).fill(details.death)
  await page.getByLabel(booksStrings.fields.quote).fill(details.quote)
}

/** DD/MM/YYYY of today + `days` in the browser's time zone (Asia/Jerusalem in the config). */
function dateFromToday(days: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + days * 86_400_000))
}

function finalPrice(page: Page) {
  return page.getByTestId('final-price')
}

test.describe('buying and owning a book', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a new user pays through the sandbox checkout and creates a book', async ({ page }) => {
    const user = await createUser({ label: 'payer', fullName: 'דנה לוי' })
    await signInThroughUi(page, user)
    const started = Date.now()

    await page.goto('/payment?plan=pro&type=for_me')
    await arrive(page.getByRole('heading', { level: 1, name: paymentStrings.payment.title })).toBeVisible()
    await arrive(finalPrice(page)).toHaveText('149 ₪')
    await pageShot(page, 'payment')

    await page.getByRole('button', { name: paymentStrings.actions.pay }).click()
    await expect(page.getByText(paymentStrings.actions.redirecting, { exact: true }).last()).toBeVisible()
    await page.waitForURL(`${paymentsUrl}/payplus/**`)
    await expect(page.getByRole('strong')).toContainText('149.00')
    await pageShot(page, 'sandbox-checkout')
    await payOnSandboxPage(page)

    await page.waitForURL(/\/create-book\?session_id=pp_[^&]+&plan=pro&paid=true/)
    await arrive(page.getByLabel(booksStrings.fields.creatorName)).toHaveValue('דנה לוי')
    await fillBookForm(page, { name: 'יוסף לוי', birth: '14/3/1938', death: '2/10/25', quote: 'איש של חסד' })
    await page.getByTestId('profile-image-input').setInputFiles(profilePhoto)
    await expect(page.getByRole('img', { name: booksStrings.images.profileAlt })).toBeVisible()
    await page.getByRole('button', { name: booksStrings.create.submit }).click()

    await page.waitForURL('**/dashboard')
    await arrive(page.getByTestId('book-name')).toHaveText('יוסף לוי ז״ל')
    const elapsed = Date.now() - started
    console.log(`pay-and-create journey: ${(elapsed / 1000).toFixed(1)} s`)
    test.info().annotations.push({ type: 'pay-and-create-ms', description: String(elapsed) })

    await expect(page.getByTestId('book-dates')).toHaveText('14/03/1938 – 02/10/2025')
    await expect(page.getByText(dashboardStrings.banners.unpaidTitle)).toHaveCount(0)
    const [book] = await booksOwnedBy(user.email)
    expect(book).toMatchObject({
      full_name: 'יוסף לוי',
      plan_type: 'pro',
      payment_status: 'paid',
      birth_date: '1938-03-14',
      death_date: '2025-10-02',
    })
    expect(book!.session_id).toMatch(/^pp_/)
    await pageShot(page, 'dashboard')

    // Back to the same return link: the payment has been spent, so it leads to its book, never to a second form.
    await page.goto(`/create-book?session_id=${book!.session_id}&plan=pro&paid=true`)
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('book') === book!.id)
    await arrive(page.getByTestId('book-name')).toHaveText('יוסף לוי ז״ל')
    await expect(page.getByLabel(booksStrings.fields.fullName)).toHaveCount(0)
    expect(await booksOwnedBy(user.email)).toHaveLength(1)
  })

  test('a 100% coupon creates a book without checkout', async ({ page }) => {
    const user = await createUser({ label: 'free', fullName: 'אבי כהן' })
    await signInThroughUi(page, user)
    await page.goto('/payment?plan=basic&type=for_me')
    await arrive(finalPrice(page)).toHaveText('99 ₪')

    await page.getByLabel(paymentStrings.coupon.label).fill('free100')
    await page.getByRole('button', { name: paymentStrings.coupon.apply }).click()
    await expect(page.getByText('הקופון FREE100 הוחל')).toBeVisible()
    await expect(finalPrice(page)).toHaveText(paymentStrings.summary.free)
    await expect(page.getByRole('button', { name: paymentStrings.actions.pay })).toHaveCount(0)
    await page.getByRole('button', { name: paymentStrings.actions.freeBook }).click()

    await page.waitForURL(/\/create-book\?.*session_id=free_coupon_[0-9a-f-]{36}.*free=true/)
    expect(page.url()).not.toContain(paymentsUrl)
    await fillBookForm(page, { name: 'מרים כהן', birth: '1/1/1929', death: '5/5/24', quote: '' })
    await page.getByRole('button', { name: booksStrings.create.submit }).click()
    await page.waitForURL('**/dashboard')
    await arrive(page.getByTestId('book-name')).toHaveText('מרים כהן ז״ל')
    await expect(page.getByTestId('book-dates')).toHaveText('01/01/1929 – 05/05/2024')
    const [book] = await booksOwnedBy(user.email)
    expect(book).toMatchObject({ plan_type: 'basic', payment_status: 'paid' })
    expect(book!.session_id).toMatch(/^free_coupon_/)
  })

  test('a 50% coupon shows the discounted price, and changing the plan removes it', async ({ page }) => {
    const user = await createUser({ label: 'half', fullName: 'רות שמש' })
    await signInThroughUi(page, user)
    await page.goto('/payment?plan=pro&type=for_me')
    await arrive(finalPrice(page)).toHaveText('149 ₪')

    await page.getByRole('button', { name: paymentStrings.coupon.apply }).click()
    await expect(page.getByText(paymentStrings.coupon.required)).toBeVisible()

    await page.getByLabel(paymentStrings.coupon.label).fill('NOSUCHCODE')
    await page.getByRole('button', { name: paymentStrings.coupon.apply }).click()
    await expect(page.getByText(`${paymentStrings.coupon.invalidTitle}: קופון לא נמצא או לא תקף`)).toBeVisible()

    await page.getByLabel(paymentStrings.coupon.label).fill('HALF50')
    await page.getByRole('button', { name: paymentStrings.coupon.apply }).click()
    await expect(page.getByText('הנחת קופון (50%)')).toBeVisible()
    await expect(finalPrice(page)).toHaveText('74.5 ₪')
    await expect(page.getByRole('button', { name: paymentStrings.actions.pay })).toBeVisible()
    await pageShot(page, 'payment-coupon')

    await page.getByText(paymentStrings.plans.basic.name).click()
    await expect(page.getByText(paymentStrings.payment.planChangedCouponRemoved)).toBeVisible()
    await expect(finalPrice(page)).toHaveText('99 ₪')
    await expect(page).toHaveURL(/plan=basic/)
  })

  test('the owner edits the dates, toggles privacy, copies and renews the family code, and deletes the book', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const owner = await createUser({ label: 'owner', fullName: 'נעמה ברק' })
    const book = await createBook({
      fullName: 'חיים ברק',
      creatorName: owner.fullName,
      ownerEmail: owner.email,
      birthDate: '1950-01-01',
      deathDate: '2025-06-01',
      quote: null,
      purchaserUserId: owner.id,
    })
    expect(book.familyCode).toMatch(/^\d{4}$/)
    await signInThroughUi(page, owner)
    await arrive(page.getByTestId('book-name')).toHaveText('חיים ברק ז״ל')

    // Edit: an impossible date, then a future death date (cleared, with its message), then valid dates.
    await page.getByRole('link', { name: dashboardStrings.grid.editBook }).click()
    await page.waitForURL(`**/edit-book/${book.id}`)
    const birth = page.getByLabel(booksStrings.fields.birthDate)
    const death = page.getByLabel(booksStrings.fields.deathDate)
    await arrive(birth).toHaveValue('01/01/1950')
    await birth.fill('31/02/1950')
    await death.click()
    await page.getByRole('button', { name: booksStrings.edit.save }).click()
    await expect(page.getByText(datesStrings.errors.notExisting)).toBeVisible()
    await birth.fill('14.3.1950')
    await death.fill(dateFromToday(2))
    await death.blur()
    await expect(page.getByText(datesStrings.errors.futureDeath)).toBeVisible()
    // A future death date is cleared once its message is shown.
    await expect(death).toHaveValue('')
    await expect(birth).toHaveValue('14/03/1950')
    await pageShot(page, 'edit')
    await death.fill('3-8-2025')
    await page.getByRole('button', { name: booksStrings.edit.save }).click()
    await page.waitForURL(`**/dashboard?book=${book.id}`)
    await expect(page.getByTestId('book-dates')).toHaveText('14/03/1950 – 03/08/2025')
    expect(await bookRow(book.id)).toMatchObject({ birth_date: '1950-03-14', death_date: '2025-08-03' })

    // Privacy: public, with the 'updated' toast naming the change; the family code copies.
    await page.getByRole('button', { name: dashboardStrings.grid.privacy }).click()
    const dialog = page.getByRole('dialog', { name: booksStrings.privacy.title })
    await dialog.getByText(booksStrings.privacy.public, { exact: true }).click()
    await expect(dialog.getByRole('radio', { name: new RegExp(booksStrings.privacy.public) })).toBeChecked()
    await expect(dialog.getByRole('radio', { name: new RegExp(booksStrings.privacy.private) })).not.toBeChecked()
    if (screenshotsWanted()) await shot(dialog, 'privacy-dialog')
    await dialog.getByRole('button', { name: booksStrings.familyCode.copy }).click()
    await expect(page.getByText('הקוד המשפחתי הועתק בהצלחה')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(book.familyCode)
    await dialog.getByRole('button', { name: booksStrings.privacy.save }).click()
    await expect(page.getByText(booksStrings.privacy.nowPublic)).toBeVisible()
    expect(await bookRow(book.id)).toMatchObject({ is_public: true })

    // The management dashboard: a new family code, then deleting the book.
    await page.getByRole('link', { name: dashboardStrings.grid.manageBook }).click()
    await page.waitForURL(`**/admin-dashboard?book=${book.id}`)
    await arrive(page.getByTestId('family-code')).toHaveText(book.familyCode)
    await page.getByRole('button', { name: booksStrings.familyCode.regenerate }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: booksStrings.familyCode.confirmButton }).click()
    const renewedDialog = page.getByRole('dialog', { name: booksStrings.familyCode.regenerated })
    await expect(renewedDialog.getByTestId('family-code')).toHaveText(/^[A-Z2-9]{6}$/)
    const renewed = (await bookRow(book.id))!.family_access_code
    expect(renewed).not.toBe(book.familyCode)
    await renewedDialog.getByRole('button', { name: booksStrings.familyCode.close }).click()
    await expect(renewedDialog).toBeHidden()
    await expect(page.getByTestId('family-code')).toHaveText(renewed)
    await pageShot(page, 'admin-dashboard')

    await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook }).click()
    await expect(page.getByRole('alertdialog')).toContainText(book.fullName)
    await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteConfirmButton }).click()
    await expect(
      page.getByRole('heading', {
        name: tDashboard('adminDashboard.deletedTitle', { name: withHonorific(book.fullName) }),
      }),
    ).toBeVisible()
    expect(await bookRow(book.id)).toBeUndefined()
  })
})
