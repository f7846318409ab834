import { expect as baseExpect, test } from '@playwright/test'
import { dashboardStrings, tDashboard } from '../src/i18n/dashboard'
import { tMemories } from '../src/domains/memories/strings/memories'
import {
  addMemory,
  createBook,
  isFramed,
  linksIn,
  requestFamilyAccess,
  uniqueAddress,
  uniqueEmail,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { shot } from './fixtures/screenshots'

/*
 * A private book whose code strangers swept (100 wrong codes in a day, the book's ceiling): a
 * relative typing the right code is told calmly to ask the family for the link; the owner's
 * e-mail renews the code with one tap; the new family link opens the book at once.
 */

const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 120_000 })

test('a swept book: a calm note for the relative, one tap for the owner, the family link opens it', async ({
  page,
  browser,
}) => {
  const ownerEmail = uniqueEmail('e2e-swept-owner')
  const book = await createBook({ ownerEmail, familyCode: '4862', fullName: 'חנה לוי' })
  await addMemory(book.id, { fullName: 'דודה רותי', texts: ['היא תמיד שרה במטבח', null, null] })
  const wrongCodes = Array.from({ length: 100 }, (_, n) => String(n).padStart(4, '0'))
  for (let start = 0; start < wrongCodes.length; start += 10) {
    await Promise.all(
      wrongCodes
        .slice(start, start + 10)
        .map((code) => requestFamilyAccess(book.shortCode, code, { address: uniqueAddress() })),
    )
  }

  await page.goto(`/view-book/${book.shortCode}`)
  await page.getByLabel(tMemories('gate.label')).fill(book.familyCode)
  await page.getByRole('button', { name: tMemories('gate.submit') }).click()
  await expect(page.getByRole('status').filter({ hasText: tMemories('gate.paused') })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: tMemories('gate.paused') })).toHaveCount(0)
  await shot(page, 'family-code-paused', { fullPage: true })

  const mail = await waitForMail(ownerEmail, { subject: 'ניסיונות רבים לנחש את הקוד המשפחתי' })
  expect(isFramed(mail)).toBe(true)
  const renewLink = new URL(linksIn(mail).find((href) => href.includes('/family-code/renew?token='))!)
  await page.goto(`${renewLink.pathname}${renewLink.search}`)
  await page.getByRole('button', { name: tDashboard('renewFromAlert.action') }).click()
  await expect(page.getByTestId('family-code')).toHaveText(/^[A-Z0-9]{6}$/)
  await shot(page, 'family-code-renewed', { fullPage: true })

  const familyLink = await page.getByLabel(dashboardStrings.adminDashboard.shareLinkLabel).inputValue()
  const relative = await browser.newPage()
  await relative.goto(familyLink)
  await expect(relative.getByTestId('memory-card')).toHaveCount(1)
  await expect(relative.getByTestId('memory-card')).toContainText('דודה רותי')
  await relative.close()
})
