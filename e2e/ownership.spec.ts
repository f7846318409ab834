import { expect, test } from '@playwright/test'
import { dashboardStrings } from '../src/i18n/dashboard'
import {
  addMemory,
  bookRow,
  createBook,
  createUser,
  sql,
  storedFilesUnder,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'
import { shot, screenshotsWanted } from './fixtures/screenshots'

/*
 * The family's book stays theirs (issue 38), on a 412 px phone: deleting a book deletes its files.
 */

/** A screen's first visit compiles its chunk in the dev server, which takes a while on a busy machine. */
const arrive = expect.configure({ timeout: 20_000 })

async function status(url: string): Promise<number> {
  return (await fetch(url)).status
}

test('an owner deletes a book and its photo links stop working', async ({ page }) => {
  const owner = await createUser({ label: 'deleting-owner', fullName: 'אורית שלום' })
  const book = await createBook({ fullName: 'משה שלום', ownerEmail: owner.email, withPhoto: true })
  await addMemory(book, { fullName: 'דודה רות', photos: 2 })
  const memoryFiles = storedFilesUnder(`memories/${book.id}`)
  expect(memoryFiles).toHaveLength(2)
  const profile = (await bookRow(book.id))!.profile_image_url!
  const [memory] = await sql<{ image_urls: string[] }>(
    `select "image_urls" from "public"."memory_entries" where "book_id" = $1`,
    [book.id],
  )
  const memoryPhoto = memory!.image_urls[0]!
  expect(await status(profile)).toBe(200)
  expect(await status(memoryPhoto)).toBe(200)

  await signInThroughUi(page, owner)
  await page.goto(`/admin-dashboard?book_id=${book.id}`)
  await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook }).click()
  const confirm = page.getByRole('alertdialog')
  await arrive(confirm).toContainText(dashboardStrings.adminDashboard.deleteConfirm)
  if (screenshotsWanted()) await shot(page, 'delete-book-confirm')
  await confirm.getByRole('button', { name: dashboardStrings.adminDashboard.deleteConfirmButton }).click()
  await expect(page.getByText(dashboardStrings.adminDashboard.deleted)).toBeVisible()
  await page.waitForURL((url) => url.pathname === '/')

  expect(await bookRow(book.id)).toBeUndefined()
  expect(await status(profile)).not.toBe(200)
  expect(await status(memoryPhoto)).not.toBe(200)
  expect(storedFilesUnder(`memories/${book.id}`)).toEqual([])
  const mail = await waitForMail(owner.email, { subject: 'נמחק' })
  expect(mail.Subject).toBe('ספר הזיכרון לזכר משה שלום נמחק')
})
