import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { bookExportStrings, tBookExport } from '../src/domains/book/strings/book-export'
import { withHonorific } from '../shared/honorific.ts'
import { memoryPromptStrings } from '../src/i18n/memory-prompts'
import {
  addMemory,
  addShivaDetails,
  createBook,
  createUser,
  sql,
  storedFilesUnder,
} from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'
import { keepFile, shot, screenshotsWanted } from './fixtures/screenshots'

/*
 * The family takes the whole book with them, on a 412 px phone: the owner downloads the
 * ZIP; it holds every original photo and a page that shows the memories offline.
 */

/** A screen's first visit compiles its chunk in the dev server, which takes a while on a busy machine. */
const arrive = expect.configure({ timeout: 20_000 })

test('an owner exports the book and the ZIP holds every photo and a page that shows the memories', async ({
  page,
  context,
}) => {
  const owner = await createUser({ label: 'exporting-owner', fullName: 'אורית שלום' })
  // A woman's book, her honorific chosen with the form's one question; a relation stored as earlier versions did.
  const book = await createBook({
    fullName: 'מרים שלום',
    ownerEmail: owner.email,
    withPhoto: true,
    quote: 'זיכרונה לברכה',
  })
  await sql(`update "public"."memory_books" set "deceased_gender" = 'female' where "id" = $1`, [book.id])
  await addMemory(book, { fullName: 'דודה רות', relation: 'אחות', texts: ['גדלנו יחד בחיפה', null, null], photos: 2 })
  await addMemory(
    book,
    { fullName: 'טל', relation: 'חבר/ה', texts: ['סבתא לימדה אותי לדוג', null, null], photos: 1 },
    2,
  )
  await addShivaDetails(book, { address: 'רחוב הגפן 7, חיפה', visitingHours: 'בערבים' })
  // Three candles, two of them with the name their lighter left.
  await sql(
    `insert into "public"."candles" ("book_id", "visitor_hash", "lit_by", "created_at")
     select $1::uuid, md5(n::text) || md5(n::text), (array['אסתר', 'שמואל'])[n], now() - make_interval(secs => 3 - n)
       from generate_series(1, 3) as n`,
    [book.id],
  )
  const memoryPhotos = storedFilesUnder(`memories/${book.id}`)
  expect(memoryPhotos).toHaveLength(3)

  // The save dialog of desktop Chrome cannot be answered in a test browser: the phone's way, a download.
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker)
  await signInThroughUi(page, owner)
  await page.goto(`/admin-dashboard?book=${book.id}`)
  await arrive(page.getByRole('link', { name: bookExportStrings.link.action })).toBeVisible()
  await page.getByRole('link', { name: bookExportStrings.link.action }).click()
  await arrive(
    page.getByRole('heading', { name: tBookExport('screen.title', { name: withHonorific(book.fullName) }) }),
  ).toBeVisible()
  await expect(page.getByText(tBookExport('screen.summary', { memories: 2, files: 4 }))).toBeVisible()
  if (screenshotsWanted()) await shot(page, 'book-export-screen', { fullPage: true })

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: bookExportStrings.screen.start }).click()
  const zip = await (await download).path()
  await expect(page.getByText(bookExportStrings.screen.done)).toBeVisible()
  if (screenshotsWanted()) {
    await shot(page, 'book-export-done', { fullPage: true })
    await keepFile(zip, 'book-export.zip')
  }

  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort()
  expect(names).toEqual([
    'book.json',
    'index.html',
    'media/memory-001-photo-1.png',
    'media/memory-001-photo-2.png',
    'media/memory-002-photo-1.png',
    'media/profile.png',
  ])
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'book-export-'))
  execFileSync('unzip', ['-q', zip, '-d', folder])
  const exported = JSON.parse(fs.readFileSync(path.join(folder, 'book.json'), 'utf8'))
  expect(exported.memories.map((memory: { full_name: string }) => memory.full_name)).toEqual(['דודה רות', 'טל'])

  const offline = await context.newPage()
  await context.setOffline(true)
  await offline.goto(pathToFileURL(path.join(folder, 'index.html')).href)
  await expect(offline.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(offline.getByRole('heading', { level: 1 })).toHaveText(
    tBookExport('page.title', { name: withHonorific(book.fullName) }),
  )
  await expect(offline.getByText('גדלנו יחד בחיפה')).toBeVisible()
  await expect(offline.getByText('סבתא לימדה אותי לדוג')).toBeVisible()
  // The book whole: each text under its question, the days in both calendars, the shiva, the candles.
  await expect(offline.getByRole('heading', { name: memoryPromptStrings.text1 })).toHaveCount(2)
  await expect(offline.getByText('י״ב באייר תש״א')).toBeVisible() // born 9 May 1941
  await expect(offline.getByText(/נפטרה: .*י״ט בתשרי תשפ״ז/)).toBeVisible() // died 30 September 2026
  await expect(offline.getByText(/נולדה: /)).toBeVisible()
  await expect(offline.getByText('טל · מהחברים')).toBeVisible()
  // No slash forms anywhere on the page: not of the deceased, not of a writer.
  expect(await offline.locator('body').innerText()).not.toMatch(/[\u05D0-\u05EA]\/[\u05D0-\u05EA]/)
  await expect(offline.getByRole('heading', { name: tBookExport('page.daysTitle') })).toBeVisible()
  await expect(offline.getByText(tBookExport('page.shivaAddress', { address: 'רחוב הגפן 7, חיפה' }))).toBeVisible()
  await expect(offline.getByText(tBookExport('page.shivaHours', { hours: 'בערבים' }))).toBeVisible()
  await expect(offline.getByText(tBookExport('page.yahrzeit', { n: 1 }))).toBeVisible()
  await expect(offline.getByText(tBookExport('page.candlesCount', { n: 3 }))).toBeVisible()
  await expect(offline.getByRole('listitem')).toHaveText(['אסתר', 'שמואל'])
  const images = offline.locator('img')
  await expect(images).toHaveCount(4)
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)
  }
  if (screenshotsWanted()) await shot(offline, 'book-export-offline-page', { fullPage: true })
  await context.setOffline(false)
})
