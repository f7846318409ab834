import { expect, test } from '@playwright/test'
import { dashboardStrings, tDashboard } from '../src/i18n/dashboard'
import { tMemories } from '../src/domains/memories/strings/memories'
import { tRemembrance } from '../src/domains/remembrance/strings/remembrance'
import { withHonorific } from '../shared/honorific.ts'
import {
  addMemory,
  confirmAdmin,
  bookRow,
  createBook,
  createUser,
  linksIn,
  mailsTo,
  sendMemoryNews,
  serviceDownload,
  sql,
  storedFilesUnder,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'
import { shot, screenshotsWanted } from './fixtures/screenshots'

/*
 * The family's book stays theirs, on a 412 px phone: deleting a book deletes its files;
 * a user deletes their account, handing one book to its family admin.
 */

/** A screen's first visit compiles its chunk in the dev server, which takes a while on a busy machine. */
const arrive = expect.configure({ timeout: 20_000 })

/** Whether the stored file is there at all (the bucket is private: asked as the service role). */
async function status(url: string): Promise<number> {
  return (await serviceDownload(url)).status
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
  await page.goto(`/admin-dashboard?book=${book.id}`)
  await page.getByRole('button', { name: dashboardStrings.adminDashboard.deleteBook }).click()
  const confirm = page.getByRole('alertdialog')
  await arrive(confirm).toContainText(
    tDashboard('adminDashboard.deleteConfirm', { name: withHonorific(book.fullName) }),
  )
  if (screenshotsWanted()) await shot(page, 'delete-book-confirm')
  await confirm.getByRole('button', { name: dashboardStrings.adminDashboard.deleteConfirmButton }).click()
  await expect(
    page.getByRole('heading', {
      name: tDashboard('adminDashboard.deletedTitle', { name: withHonorific(book.fullName) }),
    }),
  ).toBeVisible()

  expect(await bookRow(book.id)).toBeUndefined()
  expect(await status(profile)).not.toBe(200)
  expect(await status(memoryPhoto)).not.toBe(200)
  expect(storedFilesUnder(`memories/${book.id}`)).toEqual([])
  const mail = await waitForMail(owner.email, { subject: 'נמחק' })
  expect(mail.Subject).toBe('ספר הזיכרון לזכר משה שלום נמחק')
})

test('an owner deletes a memory with a photo and the picture stops loading in every size the page used', async ({
  page,
}) => {
  const owner = await createUser({ label: 'memory-photo-owner', fullName: 'דנה אלון' })
  const book = await createBook({ fullName: 'יוסף אלון', ownerEmail: owner.email, plan: 'pro' })
  await addMemory(book, { fullName: 'אחיינית', texts: ['זיכרון עם תמונה', null, null], photos: 1, photoCopies: true })
  const shown = new Set<string>()
  page.on('response', (response) => {
    // The page is given the private book's files at the media function's signed addresses.
    if (response.url().includes(`/functions/v1/media/memories/${book.id}/`) && response.ok()) shown.add(response.url())
  })

  await signInThroughUi(page, owner)
  await page.goto(`/view-book/${book.shortCode}`)
  const card = page.getByTestId('memory-card').filter({ hasText: 'אחיינית' })
  await arrive(card.getByRole('img').first()).toBeVisible()
  await expect.poll(() => [...shown].some((url) => /\.w\d+\.webp\?/.test(url))).toBe(true)
  const used = [...shown]
  for (const url of used) expect((await fetch(url)).status).toBe(200)

  await card.getByRole('button', { name: tMemories('moderation.delete') }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: tMemories('moderation.confirm') })
    .click()
  await expect(card).toHaveCount(0)
  if (screenshotsWanted()) await shot(page, 'memory-with-photo-deleted')

  for (const url of used) expect((await fetch(url)).status, url).not.toBe(200)
  expect(storedFilesUnder(`memories/${book.id}`)).toEqual([])
})

test('a user deletes their account, handing one book to its family admin', async ({ page }) => {
  const user = await createUser({ label: 'leaving-user', fullName: 'יעל נוסעת' })
  const heir = await createUser({ label: 'heir', fullName: 'גיל ממשיך' })
  const handed = await createBook({ fullName: 'שרה נוסעת', ownerEmail: user.email })
  await confirmAdmin(handed.id, heir.id)
  const deleted = await createBook({ fullName: 'אברהם נוסע', ownerEmail: user.email })

  await signInThroughUi(page, user)
  await page.getByRole('button', { name: dashboardStrings.account.open }).click()
  const dialog = page.getByRole('alertdialog', { name: dashboardStrings.account.dialogTitle })
  await arrive(dialog.getByText(tDashboard('account.bookDeleted', { name: 'אברהם נוסע' }))).toBeVisible()
  const choice = dialog.getByRole('radiogroup', { name: tDashboard('account.bookChoice', { name: 'שרה נוסעת' }) })
  await choice.getByRole('radio', { name: tDashboard('account.handOption', { name: 'גיל ממשיך' }) }).check()
  const confirm = dialog.getByRole('button', { name: dashboardStrings.account.confirm })
  const email = dialog.getByLabel(dashboardStrings.account.emailLabel)
  await email.fill('someone-else@test.zochrim.local')
  await expect(confirm).toBeDisabled()
  await email.fill(user.email)
  if (screenshotsWanted()) await shot(page, 'delete-account-dialog')
  await confirm.click()
  await expect(page.getByText(dashboardStrings.account.deleted)).toBeVisible()
  await page.waitForURL((url) => url.pathname === '/')

  expect(await sql(`select 1 from "auth"."users" where "id" = $1`, [user.id])).toEqual([])
  expect(await bookRow(deleted.id)).toBeUndefined()
  expect(await bookRow(handed.id)).toMatchObject({ owner_email: heir.email })
  expect((await waitForMail(user.email, { subject: 'החשבון שלכם בזוכרים נמחק' })).Text).toContain('שרה נוסעת')
})

test('an owner receives one batch e-mail for three memories, and stops the news from its link', async ({ page }) => {
  const owner = await createUser({ label: 'news-owner', fullName: 'מיכל חדשות' })
  const book = await createBook({ fullName: `דוד ${crypto.randomUUID().slice(0, 4)}`, ownerEmail: owner.email })
  await signInThroughUi(page, owner)
  const choice = page.getByRole('radiogroup', { name: dashboardStrings.news.title })
  await arrive(choice.getByRole('radio', { name: dashboardStrings.news.options.batch })).toBeChecked()
  if (screenshotsWanted()) await shot(choice, 'memory-news-choice')

  await addMemory(book, { fullName: 'טל', relation: 'נכד', texts: ['סבא לימד אותי לדוג', null, null] })
  await addMemory(book, { fullName: 'חנה', relation: 'אחות', texts: ['גדלנו יחד בחיפה', null, null] })
  await addMemory(book, { fullName: 'יוסי', relation: 'חבר', texts: ['שיחקנו שש-בש כל ערב', null, null] })
  expect((await sendMemoryNews()).status).toBe(200)
  expect((await sendMemoryNews()).status).toBe(200)

  const mail = await waitForMail(owner.email, { subject: `3 זיכרונות חדשים בספר לזכר ${book.fullName}` })
  expect((await mailsTo(owner.email)).filter((message) => message.Subject.includes(book.fullName))).toHaveLength(1)
  for (const line of ['טל (נכד)', 'סבא לימד אותי לדוג', 'חנה (אחות)', 'יוסי (חבר)']) expect(mail.Text).toContain(line)
  if (screenshotsWanted()) {
    await page.setContent(mail.HTML)
    await shot(page, 'memory-news-mail', { fullPage: true })
  }
  const unsubscribe = linksIn(mail).find((link) => link.includes('/memory-news/unsubscribe'))!
  await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search)
  await page.getByRole('button', { name: tRemembrance('newsUnsubscribePage.action') }).click()
  await expect(page.getByText(tRemembrance('newsUnsubscribePage.done', { name: book.fullName }))).toBeVisible()
  await page.goto('/dashboard')
  await arrive(choice.getByRole('radio', { name: dashboardStrings.news.options.off })).toBeChecked()
})
