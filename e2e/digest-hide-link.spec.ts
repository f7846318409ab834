import { expect, test } from '@playwright/test'
import { tDashboard } from '../src/i18n/dashboard'
import { tMemories } from '../src/domains/memories/strings/memories'
import {
  addMemory,
  createBook,
  createUser,
  isFramed,
  linksIn,
  sendMemoryNews,
  sql,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { submitLoginForm } from './fixtures/session'
import { shot, screenshotsWanted } from './fixtures/screenshots'

/*
 * On a 412 px phone: the owner reads the new-memory e-mail, presses "להסתרת הזיכרון" under one
 * memory, signs in, and lands on the management page at THAT memory, its hide action ready.
 */

/** A screen's first visit compiles its chunk in the dev server, which takes a while on a busy machine. */
const arrive = expect.configure({ timeout: 20_000 })

async function hiddenMemories(bookId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>(
    `select "id" from "public"."memory_entries" where "book_id" = $1 and "is_hidden" order by "id"`,
    [bookId],
  )
  return rows.map((row) => row.id)
}

test("a digest's hide link opens that memory on the management page, ready to hide it", async ({ page }) => {
  const owner = await createUser({ label: 'digest-hide-owner', fullName: 'יעל מנהלת' })
  const book = await createBook({ fullName: `אסתר ${crypto.randomUUID().slice(0, 4)}`, ownerEmail: owner.email })
  await addMemory(book, { fullName: 'גלעד', relation: 'נכד', texts: ['סבתא שרה לנו בכל ערב שבת', null, null] })
  const target = await addMemory(book, { fullName: 'זר', texts: ['זיכרון שהמשפחה תרצה להסתיר', null, null] })
  for (const name of ['רינה', 'עמוס', 'דליה', 'ניר', 'שולה']) {
    await addMemory(book, { fullName: name, texts: [`זיכרון מאת ${name}, ארוך דיו למלא כרטיס שלם בטלפון`, null, null] })
  }
  expect((await sendMemoryNews()).status).toBe(200)
  const mail = await waitForMail(owner.email, { subject: `בספר לזכר ${book.fullName}` })
  expect(isFramed(mail)).toBe(true)

  const hideLinks = linksIn(mail).filter((link) => link.includes('/admin-dashboard'))
  expect(hideLinks).toHaveLength(7)
  const hideLink = new URL(hideLinks.find((link) => new URL(link).searchParams.get('memory') === target)!)
  expect(hideLink.searchParams.get('book')).toBe(book.id)

  // Signed out, as from a mail app: the login comes first and leads back to the link.
  await page.goto(hideLink.pathname + hideLink.search)
  await arrive(page).toHaveURL(/\/login\?/)
  await submitLoginForm(page, owner.email, owner.password)
  await page.waitForURL((url) => url.pathname === '/admin-dashboard' && url.searchParams.get('memory') === target)

  const focused = page.locator('li[aria-current="true"]')
  await arrive(focused).toBeVisible()
  await expect(focused).toHaveCount(1)
  await expect(focused).toContainText('זיכרון שהמשפחה תרצה להסתיר')
  await expect(focused).toContainText(tDashboard('adminDashboard.memoryFromMail'))
  await expect(focused).toBeInViewport()
  await expect(focused).toBeFocused()
  const hide = focused.getByRole('button', { name: tMemories('moderation.hide') })
  await arrive(hide).toBeVisible()
  if (screenshotsWanted()) await shot(page, 'mail-digest-hide-link-management-after')

  await hide.click()
  await expect(focused).toContainText(tDashboard('adminDashboard.hiddenMemory'))
  await expect(focused.getByRole('button', { name: tMemories('moderation.show') })).toBeVisible()
  expect(await hiddenMemories(book.id)).toEqual([target])
})
