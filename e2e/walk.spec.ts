/**
 * What a family trips over, each on a 412 px phone: a death date lost on save, a family
 * code renewed without asking, the e-mail confirmed on another device, draft photos after a reload,
 * the viewer's keys, the logo's sign-out, and the greetings of each reader.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { accountsStrings } from '../src/domains/accounts/strings/accounts'
import { tAddMemory } from '../src/domains/writing/strings/add-memory'
import { booksStrings, tBooks } from '../src/domains/book/strings/books'
import { dashboardStrings } from '../src/i18n/dashboard'
import { datesStrings } from '../src/i18n/dates'
import { he } from '../src/i18n/he'
import { memoriesStrings, tMemories } from '../src/domains/memories/strings/memories'
import {
  createUser,
  createBook,
  addMemories,
  bookRow,
  verifyLink,
  waitForMail,
  sql,
  uniqueEmail,
  pngFile,
} from '../supabase/local/testing/index.ts'
import { waitForSavedDraft } from './fixtures/drafts'
import { signInThroughUi, submitLoginForm } from './fixtures/session'
import { shot } from './fixtures/screenshots'

const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 120_000 })

/** Screenshots for the before/after record (WALK_SHOTS_PHASE names the phase). */
async function pageShot(page: Page, name: string): Promise<void> {
  await shot(page, `walk-${name}-${process.env.WALK_SHOTS_PHASE ?? 'after'}`)
}

function main(page: Page) {
  return page.getByRole('main')
}

test('1. a future death date typed and saved at once is refused with its message and cleared, and nothing is saved', async ({
  page,
}) => {
  const owner = await createUser({ label: 'walk-dates' })
  const book = await createBook({
    fullName: 'שרה לוי',
    ownerEmail: owner.email.toLowerCase(),
    deathDate: '2025-06-01',
  })
  await signInThroughUi(page, owner)
  await page.goto(`/edit-book/${book.id}`)
  const death = page.getByLabel(booksStrings.fields.deathDate)
  await expect(death).toHaveValue('01/06/2025')
  const year = new Date().getFullYear()

  await death.fill(`30/12/${year}`)
  await page.getByRole('button', { name: booksStrings.edit.save }).click()
  await expect(main(page).getByText(datesStrings.errors.futureDeath)).toBeVisible()
  await expect(death).toHaveValue('')
  await pageShot(page, '01-death-date-this-year')
  expect(new URL(page.url()).pathname).toBe(`/edit-book/${book.id}`)
  expect((await bookRow(book.id))!.death_date).toBe('2025-06-01')

  await death.fill(`1/1/${year + 1}`)
  await page.getByRole('button', { name: booksStrings.edit.save }).click()
  await expect(main(page).getByText(datesStrings.errors.futureDeath)).toBeVisible()
  await expect(main(page).getByText(datesStrings.errors.year)).toHaveCount(0)
  await pageShot(page, '01-death-date-next-year')
  expect((await bookRow(book.id))!.death_date).toBe('2025-06-01')
})

test('2. a new family code is made only after saying the old one stops working, and is shown', async ({ page }) => {
  const owner = await createUser({ label: 'walk-code' })
  const book = await createBook({
    fullName: 'דוד מזרחי',
    ownerEmail: owner.email.toLowerCase(),
    familyCode: '4711',
  })
  await signInThroughUi(page, owner)
  await page.goto(`/admin-dashboard?book=${book.id}`)
  await expect(page.getByTestId('family-code')).toHaveText('4711')
  await page.getByRole('button', { name: booksStrings.familyCode.regenerate }).click()

  const ask = page.getByRole('alertdialog', { name: booksStrings.familyCode.confirmTitle })
  await expect(ask).toContainText(tBooks('familyCode.confirmText', { code: '4711' }))
  await pageShot(page, '02-family-code-asks')
  expect((await bookRow(book.id))!.family_access_code).toBe('4711')
  await ask.getByRole('button', { name: booksStrings.familyCode.cancel }).click()
  await expect(ask).toBeHidden()
  expect((await bookRow(book.id))!.family_access_code).toBe('4711')

  await page.getByRole('button', { name: booksStrings.familyCode.regenerate }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: booksStrings.familyCode.confirmButton }).click()
  const shown = page.getByRole('dialog', { name: booksStrings.familyCode.regenerated })
  await expect(shown.getByTestId('family-code')).toHaveText(/^[A-Z2-9]{6}$/)
  const renewed = (await bookRow(book.id))!.family_access_code
  expect(renewed).not.toBe('4711')
  await expect(shown.getByTestId('family-code')).toHaveText(renewed)
  await pageShot(page, '02-family-code-new')
  await shown.getByRole('button', { name: booksStrings.familyCode.close }).click()
  await expect(main(page).getByTestId('family-code')).toHaveText(renewed)
})

async function registerThroughOnboarding(page: Page, email: string): Promise<void> {
  const onboarding = accountsStrings.onboarding
  await page.goto('/onboarding')
  await main(page).getByText(onboarding.relationship.options.parent).click()
  await main(page).getByRole('button', { name: onboarding.next }).click()
  await main(page).getByLabel(onboarding.name.label).fill('משה כהן')
  await main(page).getByRole('button', { name: onboarding.next }).click()
  await main(page).getByRole('button', { name: onboarding.start.cta }).click()
  await page.waitForURL('**/register')
  await main(page).getByLabel(accountsStrings.common.fullName).fill('רחל כהן')
  await main(page).getByLabel(accountsStrings.common.email).fill(email)
  await main(page).getByLabel(accountsStrings.common.password, { exact: true }).fill('Remember-2026')
  await main(page).getByRole('button', { name: accountsStrings.register.modes.onboarding.submit }).click()
  await page.getByRole('dialog').getByRole('button', { name: accountsStrings.register.success.continue }).click()
  await page.waitForURL('**/email-confirmation')
}

test('3a. confirmed on another device: the laptop continues the flow with the answers, the phone logs in and continues', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('walk-otherdevice')
  await registerThroughOnboarding(page, email)
  await pageShot(page, '03-waiting-screen')

  const laptop = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'he-IL' })
  const laptopPage = await laptop.newPage()
  await laptopPage.goto(verifyLink(await waitForMail(email)).href)
  await laptopPage.waitForURL((url) => url.pathname === '/payment')
  expect(new URL(laptopPage.url()).searchParams.get('plan')).toBe('onboarding')
  await pageShot(laptopPage, '03-other-device-after-link')
  const saved = await sql<{ deceased_name: string }>(
    `select o."deceased_name" from "public"."onboarding_data" o join "public"."users" u on u."id" = o."user_id" where u."email" = $1`,
    [email],
  )
  expect(saved).toEqual([{ deceased_name: 'משה כהן' }])
  await laptop.close()

  await main(page).getByRole('button', { name: accountsStrings.emailConfirmation.confirmed }).click()
  await page.waitForURL('**/login')
  await submitLoginForm(page, email, 'Remember-2026')
  await page.waitForURL((url) => url.pathname === '/payment')
  expect(new URL(page.url()).searchParams.get('plan')).toBe('onboarding')
})

test('3b. the 6-digit code from the e-mail, typed on the waiting screen, confirms and continues', async ({ page }) => {
  const email = uniqueEmail('walk-code')
  await registerThroughOnboarding(page, email)
  const mail = await waitForMail(email)
  const code = /\b(\d{6})\b/.exec(mail.Text)?.[1]
  expect(code).toBeTruthy()
  await main(page).getByLabel(accountsStrings.emailConfirmation.code.label).fill('000000')
  await main(page).getByRole('button', { name: accountsStrings.emailConfirmation.code.submit }).click()
  await expect(main(page).getByText(accountsStrings.emailConfirmation.code.invalid)).toBeVisible()
  await main(page).getByLabel(accountsStrings.emailConfirmation.code.label).fill(code!)
  await pageShot(page, '03-code-typed')
  await main(page).getByRole('button', { name: accountsStrings.emailConfirmation.code.submit }).click()
  await page.waitForURL((url) => url.pathname === '/payment')
  expect(new URL(page.url()).searchParams.get('plan')).toBe('onboarding')
})

test('4. the photos of a memory draft are shown again after a reload', async ({ page }) => {
  const book = await createBook({ fullName: 'יוסף אדלר', plan: 'pro', isPublic: true })
  await page.goto(`/add-memory/${book.shortCode}`)
  await page.getByLabel(tAddMemory('fields.fullName')).fill('נועה אדלר')
  await page.getByTestId('image-input').setInputFiles([pngFile('garden.png', 640, 480, [90, 140, 90], [230, 240, 220])])
  const preview = page.getByTestId('chosen-image').getByRole('img')
  await expect(preview).toHaveCount(1)
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)
  // The draft is written shortly after the last change.
  await waitForSavedDraft(page, (draft) => draft.images.length === 1)
  await page.reload()
  await expect(page.getByText(tAddMemory('draft.restored'))).toBeVisible()
  await expect(preview).toHaveCount(1)
  await preview.scrollIntoViewIfNeeded()
  await pageShot(page, '04-draft-photo-after-reload')
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)
})

test('5. the viewer keeps its arrow keys and its focus after a button at the end is pressed', async ({ page }) => {
  const book = await createBook({ fullName: 'מרים שטרן', plan: 'pro', isPublic: true })
  await addMemories(book, [
    { fullName: 'אורי', texts: ['ראשון', null, null], daysAgo: 3 },
    { fullName: 'בתיה', texts: ['שני', null, null], daysAgo: 2 },
    { fullName: 'גלעד', texts: ['שלישי', null, null], daysAgo: 1 },
  ])
  await page.goto(`/view-book/${book.shortCode}`)
  const cards = page.getByTestId('memory-card')
  await expect(cards).toHaveCount(3)
  await cards.nth(1).getByRole('button', { name: /./ }).first().click()
  const viewer = page.getByTestId('memory-viewer')
  const counter = viewer.getByTestId('viewer-counter')
  await expect(counter).toHaveText(tMemories('viewer.counter', { n: 2, total: 3 }))
  // Next onto the last memory: the next button is then at its end.
  await viewer.getByRole('button', { name: tMemories('viewer.next') }).click()
  await expect(counter).toHaveText(tMemories('viewer.counter', { n: 3, total: 3 }))
  await page.keyboard.press('ArrowRight')
  await expect(counter).toHaveText(tMemories('viewer.counter', { n: 2, total: 3 }))
  await page.keyboard.press('ArrowLeft')
  await expect(counter).toHaveText(tMemories('viewer.counter', { n: 3, total: 3 }))
  await pageShot(page, '05-viewer-keys')
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab')
    expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
})

test('6. the logo signs out this device only: the same account stays signed in elsewhere', async ({
  page,
  browser,
}) => {
  const user = await createUser({ label: 'walk-logo', fullName: 'אילנה ברק' })
  const other = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'he-IL' })
  const otherPage = await other.newPage()
  await signInThroughUi(page, user)
  await signInThroughUi(otherPage, user)

  await page
    .getByRole('banner')
    .getByRole('link', { name: /זוכרים/ })
    .first()
    .click()
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByRole('banner').getByRole('link', { name: he.header.login })).toBeVisible()

  await otherPage.goto('/dashboard')
  await expect(
    otherPage.getByRole('heading', { level: 1, name: dashboardStrings.greeting.replace('{name}', 'אילנה ברק') }),
  ).toBeVisible()
  // The other device's session still lives on the server: its refresh token is still good.
  const refreshToken = await otherPage.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { refresh_token?: string }).refresh_token : undefined
  })
  expect(refreshToken).toBeTruthy()
  const refreshed = await fetch(`${process.env.SUPABASE_URL}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: process.env.SUPABASE_PUBLISHABLE_KEY!, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  expect(refreshed.status).toBe(200)
  await pageShot(otherPage, '06-other-device-still-signed-in')
  await other.close()
})

test('9. the owner, a family admin and a code holder are each greeted in their own words', async ({
  page,
  browser,
}) => {
  const owner = await createUser({ label: 'walk-owner' })
  const admin = await createUser({ label: 'walk-family-admin' })
  const book = await createBook({
    fullName: 'חנה גל',
    plan: 'pro',
    familyCode: '6813',
    ownerEmail: owner.email.toLowerCase(),
  })
  await sql(
    `insert into "public"."book_admins" ("book_id", "admin_name", "status", "user_id", "confirmed_at") values ($1, $2, 'confirmed', $3, now())`,
    [book.id, 'מנהלת משפחה', admin.id],
  )
  await signInThroughUi(page, owner)
  await page.goto(`/view-book/${book.shortCode}`)
  await expect(page.getByText(memoriesStrings.gate.ownerWelcome)).toBeVisible()
  await expect(page.getByText(memoriesStrings.gate.adminWelcome)).toHaveCount(0)
  await pageShot(page, '09-owner-greeting')

  const adminContext = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'he-IL' })
  const adminPage = await adminContext.newPage()
  await signInThroughUi(adminPage, admin)
  await adminPage.goto(`/view-book/${book.shortCode}`)
  await expect(adminPage.getByText(memoriesStrings.gate.adminWelcome)).toBeVisible()
  await pageShot(adminPage, '09-family-admin-greeting')
  await adminContext.close()

  const visitor = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'he-IL' })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(`/view-book/${book.shortCode}?code=6813`)
  await expect(visitorPage.getByText(memoriesStrings.gate.codeHolderWelcome)).toBeVisible()
  await expect(visitorPage.getByText(memoriesStrings.gate.adminWelcome)).toHaveCount(0)
  await pageShot(visitorPage, '09-code-holder-greeting')
  await visitor.close()
})

test.describe('10. the smaller things', () => {
  test('someone without a book sees the gift button once and no "another book for me"', async ({ page }) => {
    const user = await createUser({ label: 'walk-nobook' })
    await signInThroughUi(page, user)
    await expect(main(page).getByRole('heading', { name: dashboardStrings.welcome.title })).toBeVisible()
    await expect(main(page).getByRole('link', { name: dashboardStrings.welcome.giveGift })).toHaveCount(1)
    await expect(main(page).getByRole('link', { name: dashboardStrings.extra.anotherBook })).toHaveCount(0)
    await pageShot(page, '10a-welcome')
  })

  async function bookWithPhotos(label: string) {
    const owner = await createUser({ label })
    const book = await createBook({ fullName: 'רות קדם', plan: 'pro', ownerEmail: owner.email.toLowerCase() })
    await addMemories(book, [
      { fullName: 'אבי', texts: ['עם שתי תמונות', null, null], photos: 2, daysAgo: 3 },
      { fullName: 'בלה', texts: ['עם שלוש', null, null], photos: 3, daysAgo: 2 },
      { fullName: 'גיא', texts: ['בלי תמונות', null, null], daysAgo: 1 },
    ])
    return { owner, book }
  }

  test('the view modes fit a 360 px screen', async ({ page }) => {
    const { owner, book } = await bookWithPhotos('walk-modes')
    await page.setViewportSize({ width: 360, height: 800 })
    await signInThroughUi(page, owner)
    await page.goto(`/view-book/${book.shortCode}`)
    const modes = page.getByRole('group', { name: memoriesStrings.toolbar.viewLabel }).getByRole('button')
    await expect(modes.first()).toBeVisible()
    await pageShot(page, '10e-view-modes-360')
    for (const button of await modes.all()) {
      const box = (await button.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(360)
    }
  })

  test('hiding a memory says so', async ({ page }) => {
    const { owner, book } = await bookWithPhotos('walk-hide')
    await signInThroughUi(page, owner)
    await page.goto(`/view-book/${book.shortCode}`)
    const card = page.getByTestId('memory-card').filter({ hasText: 'גיא' })
    await card.getByRole('button', { name: memoriesStrings.moderation.hide }).click()
    await expect(card).toContainText(memoriesStrings.card.hiddenBadge)
    await expect(page.getByText(memoriesStrings.moderation.hidden)).toBeVisible()
    await pageShot(page, '10d-hidden-feedback')
  })

  test('hiding a memory in the full-screen viewer says so', async ({ page }) => {
    const { owner, book } = await bookWithPhotos('walk-hide-viewer')
    await signInThroughUi(page, owner)
    await page.goto(`/view-book/${book.shortCode}`)
    await page.getByTestId('memory-card').filter({ hasText: 'גיא' }).getByRole('button', { name: /./ }).first().click()
    const viewer = page.getByTestId('memory-viewer')
    await viewer.getByRole('button', { name: memoriesStrings.moderation.hide }).click()
    await expect(viewer.getByRole('button', { name: memoriesStrings.moderation.show })).toBeVisible()
    await expect(page.getByText(memoriesStrings.moderation.hidden)).toBeVisible()
    await pageShot(page, '10d-hidden-feedback-viewer')
  })

  test('the gallery counts the photos it shows', async ({ page }) => {
    const { book } = await bookWithPhotos('walk-gallery')
    await sql(`update "public"."memory_books" set "is_public" = true where "id" = $1`, [book.id])
    await page.goto(`/view-book/${book.shortCode}`)
    await page.getByRole('button', { name: memoriesStrings.viewModes.gallery }).click()
    await expect(page.getByTestId('gallery').getByRole('img')).toHaveCount(5)
    await pageShot(page, '10b-gallery-count')
    await expect(page.getByTestId('shown-count')).toHaveText('מוצגות 5 מתוך 5 תמונות')
  })

  test('an incomplete memory gets one error toast, not two', async ({ page }) => {
    const book = await createBook({ fullName: 'עזרא טל', plan: 'pro', isPublic: true })
    await page.goto(`/add-memory/${book.shortCode}`)
    await page.getByLabel(tAddMemory('fields.fullName')).fill('דינה')
    await page.getByRole('button', { name: tAddMemory('submit.button') }).click()
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
    await page.getByRole('button', { name: tAddMemory('submit.button') }).click()
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
    await pageShot(page, '10c-one-toast')
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1)
  })

  test('a signed-in visitor who picks a plan on the landing page arrives at payment for that plan', async ({
    page,
  }) => {
    const user = await createUser({ label: 'walk-plan' })
    await signInThroughUi(page, user)
    await page.goto('/')
    await main(page).getByRole('link', { name: he.packages.pro.cta }).click()
    await page.waitForURL((url) => url.pathname === '/payment')
    expect(new URL(page.url()).searchParams.get('plan')).toBe('pro')
    await pageShot(page, '10f-plan-kept')
  })

  test('the dates read birth first, right to left', async ({ page }) => {
    const owner = await createUser({ label: 'walk-rtl' })
    await createBook({
      fullName: 'נתן פז',
      ownerEmail: owner.email.toLowerCase(),
      birthDate: '1950-03-14',
      deathDate: '2025-08-03',
    })
    await signInThroughUi(page, owner)
    const dates = page.getByTestId('book-dates')
    await expect(dates).toHaveText('14/03/1950 – 03/08/2025')
    const birth = (await dates.getByText('14/03/1950').boundingBox())!
    const death = (await dates.getByText('03/08/2025').boundingBox())!
    expect(birth.x).toBeGreaterThan(death.x)
    await pageShot(page, '10h-dates-rtl')
  })
})
