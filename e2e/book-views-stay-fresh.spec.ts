import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test'
import { accountsStrings } from '../src/domains/accounts/strings/accounts'
import { booksStrings } from '../src/domains/book/strings/books'
import { dashboardStrings, tDashboard } from '../src/i18n/dashboard'
import { withHonorific } from '../shared/honorific.ts'
import { bookRow, createBook, createUser } from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'

/*
 * In one tab, without a reload, every screen that shows a book shows what the owner just changed
 * when reached through the app's own links: the dashboard, the management dashboard, the book, its
 * share page and its QR page. Each screen is visited before the change, so an answer it cached
 * would show if a change did not refresh it.
 */

// Each screen's first visit loads its chunk; a PGlite backend on a busy machine answers slowly.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 180_000 })

const honorific = 'ז״ל'

declare global {
  interface Window {
    sameDocumentMarker?: string
  }
}

async function fromMenu(page: Page, label: string): Promise<void> {
  // A greeting toast lies over the header for a few seconds (and stays while the pointer rests on it).
  await page.mouse.move(1, 400)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  await page.getByRole('banner').getByRole('button', { name: accountsStrings.header.openMenu }).click()
  await page.getByRole('dialog').getByRole('link', { name: label }).click()
}

async function toDashboard(page: Page): Promise<void> {
  await fromMenu(page, accountsStrings.header.dashboard)
  await page.waitForURL((url) => url.pathname === '/dashboard')
}

/** A tile of the management grid: its name starts with its title (a tile may add a hint after it). */
function gridLink(page: Page, label: string): Locator {
  const startsWithTitle = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`)
  return page.getByRole('main').getByRole('link', { name: startsWithTitle })
}

function heading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 })
}

interface BookState {
  name: string
  isPublic: boolean
  familyCode: string
}

/** The dashboard: the name, and in the privacy dialog the privacy choice and the family code. */
async function checkDashboard(page: Page, book: BookState): Promise<void> {
  await toDashboard(page)
  await expect(page.getByTestId('book-name')).toHaveText(`${book.name} ${honorific}`)
  await page.getByRole('button', { name: dashboardStrings.grid.privacy }).click()
  const dialog = page.getByRole('dialog', { name: booksStrings.privacy.title })
  const choice = book.isPublic ? booksStrings.privacy.public : booksStrings.privacy.private
  await expect(dialog.getByRole('radio', { name: choice })).toBeChecked()
  await expect(dialog.getByTestId('family-code')).toHaveText(book.familyCode)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

/** The management dashboard: the name, the family code and the family's link that carries it with its key. */
async function checkManagement(page: Page, book: BookState): Promise<void> {
  await toDashboard(page)
  await gridLink(page, dashboardStrings.grid.manageBook).click()
  await page.waitForURL((url) => url.pathname === '/admin-dashboard')
  await expect(heading(page)).toContainText(book.name)
  await expect(page.getByTestId('family-code')).toHaveText(book.familyCode)
  await expect(page.getByLabel(dashboardStrings.adminDashboard.shareLinkLabel)).toHaveValue(
    new RegExp(`\\?code=${book.familyCode}&key=[A-Za-z0-9_-]{43}$`),
  )
}

/** The book, its QR page and its share page: the name. */
async function checkReaderScreens(page: Page, book: BookState): Promise<void> {
  await toDashboard(page)
  await gridLink(page, dashboardStrings.grid.viewBook).click()
  await page.waitForURL((url) => url.pathname.startsWith('/view-book/'))
  await expect(heading(page)).toContainText(book.name)

  await toDashboard(page)
  await gridLink(page, dashboardStrings.grid.showQr).click()
  await page.waitForURL((url) => url.pathname === '/qr-display')
  await expect(heading(page)).toContainText(book.name)

  await fromMenu(page, accountsStrings.header.shareBook)
  await page.waitForURL((url) => url.pathname.startsWith('/share/'))
  await expect(heading(page)).toContainText(book.name)
}

async function checkEveryScreen(page: Page, book: BookState): Promise<void> {
  await checkReaderScreens(page, book)
  await checkManagement(page, book)
  await checkDashboard(page, book)
  expect(await page.evaluate(() => window.sameDocumentMarker)).toBe('first load')
}

test('every screen shows the book as the owner just changed it, without a reload', async ({ page }) => {
  const owner = await createUser({ label: 'owner', fullName: 'אורית שחר' })
  const created = await createBook({
    fullName: 'משה שחר',
    creatorName: owner.fullName,
    ownerEmail: owner.email,
    isPublic: false,
    familyCode: '4826',
    purchaserUserId: owner.id,
  })
  const book: BookState = { name: created.fullName, isPublic: false, familyCode: created.familyCode }

  await signInThroughUi(page, owner)
  // A reload would forget this; every later step checks that it is still there.
  await page.evaluate(() => {
    window.sameDocumentMarker = 'first load'
  })
  await checkEveryScreen(page, book)

  // A new name.
  await gridLink(page, dashboardStrings.grid.editBook).click()
  await page.waitForURL((url) => url.pathname === `/edit-book/${created.id}`)
  await expect(page.getByLabel(booksStrings.fields.fullName)).toHaveValue(book.name)
  book.name = 'משה אהרן שחר'
  await page.getByLabel(booksStrings.fields.fullName).fill(book.name)
  await page.getByRole('button', { name: booksStrings.edit.save }).click()
  await page.waitForURL((url) => url.pathname === '/dashboard')
  await checkEveryScreen(page, book)

  // Open to everyone.
  await page.getByRole('button', { name: dashboardStrings.grid.privacy }).click()
  const privacy = page.getByRole('dialog', { name: booksStrings.privacy.title })
  await privacy.getByRole('radio', { name: booksStrings.privacy.public }).click()
  await privacy.getByRole('button', { name: booksStrings.privacy.save }).click()
  await expect(page.getByText(booksStrings.privacy.nowPublic)).toBeVisible()
  await expect(privacy).toBeHidden()
  book.isPublic = true
  expect(await bookRow(created.id)).toMatchObject({ is_public: true })
  await checkEveryScreen(page, book)

  // A new family code, from the management dashboard.
  await checkManagement(page, book)
  await page.getByRole('button', { name: booksStrings.familyCode.regenerate }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: booksStrings.familyCode.confirmButton }).click()
  const renewed = page.getByRole('dialog', { name: booksStrings.familyCode.regenerated })
  await expect(renewed.getByTestId('family-code')).toHaveText(/^[A-Z2-9]{6}$/)
  book.familyCode = (await bookRow(created.id))!.family_access_code
  expect(book.familyCode).not.toBe('4826')
  await renewed.getByRole('button', { name: booksStrings.familyCode.close }).click()
  await checkEveryScreen(page, book)

  // Deleted: the dashboard no longer lists it.
  await checkManagement(page, book)
  await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook }).click()
  await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteConfirmButton }).click()
  await expect(
    page.getByRole('heading', {
      name: tDashboard('adminDashboard.deletedTitle', { name: withHonorific(book.name) }),
    }),
  ).toBeVisible()
  expect(await bookRow(created.id)).toBeUndefined()
  await toDashboard(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('book-name')).toHaveCount(0)
  await expect(page.getByText(book.name)).toHaveCount(0)
  expect(await page.evaluate(() => window.sameDocumentMarker)).toBe('first load')
})
