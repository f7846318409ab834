import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { keepsakesStrings, tKeepsakes } from '../src/domains/keepsakes/strings/keepsakes'
import { memoriesStrings } from '../src/domains/memories/strings/memories'
import { addMemory, anonClient, createBook, publicUrl, signedInUser, sql } from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'
import { keepFile, shot } from './fixtures/screenshots'

/*
 * The demo book's keepsakes, made in the browser by its owner: the PDF album (read back with
 * poppler-utils) and the memorial video (read back with ffprobe). A reader without access gets
 * neither: the memories they would be made of are refused by the server.
 */

const DEMO_OWNER = { email: 'owner@zochrim.local', password: 'Zochrim2026!' }
const DEMO_BOOK = 'RACHEL23'
const DEMO_BOOK_ROW_ID = 'b0000000-0000-4000-8000-000000000001'
const { panel, video } = keepsakesStrings

async function openKeepsakes(page: Page) {
  await page.goto(`/view-book/${DEMO_BOOK}`)
  const keepsakes = page.getByRole('region', { name: panel.title })
  await expect(keepsakes).toBeVisible({ timeout: 30_000 })
  await keepsakes.scrollIntoViewIfNeeded()
  return keepsakes
}

test('the owner downloads the demo book as a PDF album and as a memorial video', async ({ page }) => {
  test.setTimeout(300_000)
  await signInThroughUi(page, DEMO_OWNER)
  const keepsakes = await openKeepsakes(page)
  await expect(keepsakes).toContainText(panel.printedSoon)
  await shot(keepsakes, 'keepsakes-panel')

  const albumDownload = page.waitForEvent('download', { timeout: 120_000 })
  await keepsakes.getByRole('button', { name: panel.album }).click()
  const album = await (await albumDownload).path()
  await keepFile(album, 'keepsakes-album.pdf')
  const info = execFileSync('pdfinfo', [album], { encoding: 'utf8' })
  expect(info).toMatch(/Page size:\s+419\.53 x 595\.28 pts/) // A5
  const pages = Number(/Pages:\s+(\d+)/.exec(info)![1])
  expect(pages).toBeGreaterThanOrEqual(5)
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', album, '-'], { encoding: 'utf8' }).split('\f')
  expect(text[0]).toContain('רחל אברהמי ז״ל')
  expect(text.join('')).toContain(memoriesStrings.prompts.text1)
  expect(text.join('')).toContain('שרה לוינסון')
  expect(text.at(-2)).toContain(keepsakesStrings.album.indexTitle)
  expect(execFileSync('pdffonts', [album], { encoding: 'utf8' })).not.toMatch(/ no {2}no {2}no /)

  // For a print house: A5 with 3 mm of bleed and a slug for the crop marks (9 mm each side in all).
  const printDownload = page.waitForEvent('download', { timeout: 120_000 })
  await keepsakes.getByRole('button', { name: panel.albumPrint }).click()
  const printed = await (await printDownload).path()
  await keepFile(printed, 'keepsakes-album-print.pdf')
  const printInfo = execFileSync('pdfinfo', [printed], { encoding: 'utf8' })
  expect(printInfo).toMatch(/Page size:\s+470\.55\d* x 646\.3\d* pts/)
  expect(Number(/Pages:\s+(\d+)/.exec(printInfo)![1])).toBe(pages)

  await keepsakes.getByRole('button', { name: panel.video }).click()
  const dialog = page.getByRole('dialog', { name: video.title })
  const photos = Number(/(\d+)/.exec((await dialog.getByText(/תמונות · אורך/).textContent())!)![1])
  expect(photos).toBeGreaterThan(0)
  await dialog.getByRole('button', { name: video.start }).click()
  await expect(dialog.getByText(/נותרו כ־/)).toBeVisible({ timeout: 60_000 })
  await shot(dialog, 'keepsakes-video-progress')
  await expect(dialog.getByText(video.ready)).toBeVisible({ timeout: 240_000 })
  await shot(dialog, 'keepsakes-video-ready')
  const videoDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: video.download }).click()
  const file = await (await videoDownload).path()
  await keepFile(file, 'keepsakes-video.mp4')
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], {
      encoding: 'utf8',
    }),
  ) as { streams: { codec_name: string; width: number; height: number }[]; format: { duration: string } }
  expect(probe.streams).toHaveLength(1)
  expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 })
  // The cover, five seconds for each photo, the cover again.
  expect(Number(probe.format.duration)).toBeCloseTo((photos + 2) * 5, 0)
})

test('a reader without access to a private book is offered neither, and its memories are refused', async ({ page }) => {
  await page.goto(`/view-book/${DEMO_BOOK}`)
  await expect(page.getByRole('heading', { name: memoriesStrings.gate.title })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: panel.album })).toHaveCount(0)
  await expect(page.getByRole('button', { name: panel.video })).toHaveCount(0)

  const stranger = await signedInUser({ label: 'keepsake-stranger' })
  for (const client of [anonClient(), stranger.client]) {
    for (const accessGrant of [undefined, 'a-grant-the-server-never-gave']) {
      const { data, error } = await client.rpc('get_book_memories', {
        book_ref: DEMO_BOOK_ROW_ID,
        ...(accessGrant ? { access_grant: accessGrant } : {}),
      })
      expect(data).toBeNull()
      expect(error?.code).toBe('42501')
    }
  }
})

test("a woman's book: the album speaks of her and of its writers in words, with no slash forms", async ({ page }) => {
  test.setTimeout(180_000)
  const book = await createBook({ fullName: 'שושנה לוי', familyCode: '5813', plan: 'pro', quote: 'זיכרונה לברכה' })
  await sql(`update "public"."memory_books" set "deceased_gender" = 'female' where "id" = $1`, [book.id])
  await addMemory(book, {
    fullName: 'גלית',
    relation: 'שכן/ה',
    texts: ['היא תמיד השקתה את הגינה של כולנו.', null, null],
  })
  await page.goto(`/view-book/${book.shortCode}?code=${book.familyCode}`)
  const keepsakes = page.getByRole('region', { name: panel.title })
  await expect(keepsakes).toBeVisible({ timeout: 30_000 })
  const albumDownload = page.waitForEvent('download', { timeout: 60_000 })
  await keepsakes.getByRole('button', { name: panel.album }).click()
  const album = await (await albumDownload).path()
  await keepFile(album, 'keepsakes-album-her.pdf')
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', album, '-'], { encoding: 'utf8' })
  const cover = text.split('\f')[0]!
  expect(cover).toContain('נולדה')
  expect(cover).toContain('נפטרה')
  expect(text).toContain('מהשכנים')
  expect(text).not.toMatch(/[\u05D0-\u05EA]\/[\u05D0-\u05EA]/)
})

test('a photo that fails to load is left out of the album and skipped by the video, which says so', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const book = await createBook({ fullName: 'אהרן בודק', familyCode: '4826', plan: 'pro' })
  await addMemory(book, { fullName: 'תמר בודקת', photos: 1, daysAgo: 2 })
  const broken = await addMemory(book, { fullName: 'יונתן בודק', photos: 1, daysAgo: 1 })
  await sql(`update "public"."memory_entries" set "image_urls" = $1::text[] where "id" = $2`, [
    [publicUrl(`memories/${book.id}/no-such-photo.jpg`)],
    broken,
  ])
  await page.goto(`/view-book/${book.shortCode}?code=${book.familyCode}`)
  const keepsakes = page.getByRole('region', { name: panel.title })
  await expect(keepsakes).toBeVisible({ timeout: 30_000 })

  const albumDownload = page.waitForEvent('download', { timeout: 60_000 })
  await keepsakes.getByRole('button', { name: panel.album }).click()
  const album = await (await albumDownload).path()
  expect(execFileSync('pdftotext', ['-enc', 'UTF-8', album, '-'], { encoding: 'utf8' })).toContain('יונתן בודק')
  const images = execFileSync('pdfimages', ['-list', album], { encoding: 'utf8' }).trim().split('\n').slice(2)
  expect(images).toHaveLength(1)

  await keepsakes.getByRole('button', { name: panel.video }).click()
  const dialog = page.getByRole('dialog', { name: video.title })
  await dialog.getByRole('button', { name: video.start }).click()
  await expect(dialog.getByText(video.ready)).toBeVisible({ timeout: 120_000 })
  await expect(dialog.getByText(video.skipped.replace('{n}', '1'))).toBeVisible()
  const videoDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: video.download }).click()
  const duration = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', await (await videoDownload).path()],
    { encoding: 'utf8' },
  )
  // The cover, the one photo that loaded, the cover again.
  expect(Number(duration)).toBeCloseTo(15, 0)
})

test("a public book's family code brings its holder the keepsakes, as any family reader", async ({ page }) => {
  const book = await createBook({ fullName: 'מרים ציבורית', familyCode: '5173', plan: 'pro', isPublic: true })
  await addMemory(book, { fullName: 'אורי כותב', photos: 1, daysAgo: 1 })

  await page.goto(`/view-book/${book.shortCode}`)
  await expect(page.getByText('אורי כותב').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('region', { name: panel.title })).toHaveCount(0)

  await page.goto(`/view-book/${book.shortCode}?code=${book.familyCode}`)
  const keepsakes = page.getByRole('region', { name: panel.title })
  await expect(keepsakes).toBeVisible({ timeout: 30_000 })
  await expect(keepsakes.getByRole('button', { name: panel.album })).toBeEnabled()
})

test('a memorial video of their choosing: chosen photos in their order, their time, a dedication and music', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const book = await createBook({ fullName: 'חנה בוחרת', familyCode: '6284', plan: 'pro' })
  await addMemory(book, { fullName: 'אבי', photos: 2, daysAgo: 3 })
  await addMemory(book, { fullName: 'בתיה', photos: 1, daysAgo: 2 })
  await addMemory(book, { fullName: 'גדעון', photos: 1, daysAgo: 1 })
  // Ten seconds of a song from the family's phone, made here: a tone, as an MP3 file.
  const music = join(mkdtempSync(join(tmpdir(), 'keepsake-music-')), 'שיר.mp3')
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10', '-ac', '2', music])

  await page.goto(`/view-book/${book.shortCode}?code=${book.familyCode}`)
  const keepsakes = page.getByRole('region', { name: panel.title })
  await expect(keepsakes).toBeVisible({ timeout: 30_000 })
  await keepsakes.getByRole('button', { name: panel.video }).click()
  const dialog = page.getByRole('dialog', { name: video.title })
  // Offered first: every photo (the book is short of five minutes), five seconds each.
  await expect(dialog.getByText('4 תמונות · אורך 0:30')).toBeVisible()

  await dialog.getByRole('checkbox', { name: tKeepsakes('video.include', { writer: 'בתיה' }) }).uncheck()
  await dialog.getByRole('button', { name: tKeepsakes('video.moveUp', { writer: 'גדעון' }) }).click()
  await dialog.getByLabel(video.secondsLabel).selectOption('3')
  await dialog.getByLabel(video.dedicationLabel).fill('לאמא, שלימדה אותנו לאהוב')
  await dialog.getByTestId('music-input').setInputFiles(music)
  await expect(dialog.getByText(tKeepsakes('video.musicChosen', { name: 'שיר.mp3' }))).toBeVisible()
  // The cover, the dedication and the closing cover five seconds each; three photos of three seconds.
  await expect(dialog.getByText('3 תמונות · אורך 0:24')).toBeVisible()
  await shot(dialog, 'keepsakes-video-choices')

  await dialog.getByRole('button', { name: video.preview }).click()
  const preview = dialog.getByLabel(tKeepsakes('video.previewTitle', { seconds: 20 }))
  await expect(preview).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => preview.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0)

  await dialog.getByRole('button', { name: video.start }).click()
  await expect(dialog.getByText(video.ready)).toBeVisible({ timeout: 120_000 })
  await shot(dialog, 'keepsakes-video-chosen-ready')
  const videoDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: video.download }).click()
  const file = await (await videoDownload).path()
  await keepFile(file, 'keepsakes-video-chosen.mp4')
  const probe = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], {
      encoding: 'utf8',
    }),
  ) as { streams: { codec_type: string; codec_name: string; duration: string }[]; format: { duration: string } }
  expect(probe.streams.map((stream) => stream.codec_type).toSorted()).toEqual(['audio', 'video'])
  const audio = probe.streams.find((stream) => stream.codec_type === 'audio')!
  expect(['aac', 'opus']).toContain(audio.codec_name)
  expect(Number(probe.format.duration)).toBeCloseTo(24, 0)
  expect(Number(audio.duration)).toBeCloseTo(24, 0)
  // The song is in it, not silence: its mean volume, decoded back.
  const detected = spawnSync('ffmpeg', ['-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'], {
    encoding: 'utf8',
  }).stderr
  expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(detected)![1])).toBeGreaterThan(-40)
})
