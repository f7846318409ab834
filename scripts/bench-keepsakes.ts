/**
 * Benchmark (not a test): the keepsakes of a big book — 300 memories with 400 photos — made in
 * Chromium: the time to the PDF album's download and to the finished memorial video, and the tab's
 * peak memory while each is made (the renderer process's resident memory, and the JavaScript heap).
 *
 *   npx tsx scripts/with-stack.ts -- npx tsx scripts/bench-keepsakes.ts
 *
 * It seeds a paid, private pro book on the running stack (SUPABASE_URL): a portrait and 300
 * memories, the first 100 with two photos and the rest with one, each photo its own 2048×1536 JPEG
 * object (the largest the add-memory form uploads). It builds and serves the SPA for that stack
 * (or uses APP_URL), opens the book with its family code at 412×915, presses the album button and
 * then makes the video, sampling memory every half second. Needs ffmpeg (to make the photos).
 * BENCH_MEMORIES / BENCH_PHOTOS change the book's size; BENCH_SKIP_VIDEO=1 makes the album only,
 * BENCH_SKIP_ALBUM=1 the video only. The video is the one the dialog offers first: about five
 * minutes of photos covering every writer (with 60 writers, five minutes; with 300, one photo
 * each). The tab's errors are printed.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Download, type Page } from '@playwright/test'
import { keepsakesStrings } from '../src/domains/keepsakes/strings/keepsakes.ts'
import { createBook, sql, uploadToBucket } from '../supabase/local/testing/index.ts'
import { measured, rendererMemoryMb, samplePhotos } from './bench-support.ts'
import { serveProductionBuild } from './serve-production-build.ts'

const apiUrl = (process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321').replace(/\/$/, '')
const memoryCount = Number(process.env.BENCH_MEMORIES ?? 300)
const photoCount = Number(process.env.BENCH_PHOTOS ?? 400)
const familyCode = '7391'

async function seedBigBook(): Promise<string> {
  const book = await createBook({ fullName: 'שמחה בנצ׳מרק', familyCode, withPhoto: true, plan: 'pro' })
  const photos = samplePhotos()
  const urls: string[] = []
  for (let index = 0; index < photoCount; index += 1) {
    urls.push(
      await uploadToBucket(`memories/${book.id}/bench-${index}.jpg`, photos[index % photos.length]!, 'image/jpeg'),
    )
  }
  const twoPhotos = Math.max(0, photoCount - memoryCount)
  await sql(
    `insert into "public"."memory_entries"
       ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "memory_text_2", "memory_text_3", "image_urls", "image_captions", "created_at")
     select $1::uuid, 'כותב ' || n, 'חבר/ה',
            'בכל פעם שהתקשרתי היא שאלה קודם כול מה שלום הילדים (ורק אחר כך סיפרה על עצמה), ' || n || ' פעמים לפחות.',
            case when n % 2 = 0 then 'הקול שלו במקהלה היה עמוק וחם, והוא זכר את כל המילים כשכולנו שכחנו.' end,
            case when n % 3 = 0 then 'תודה על הכול.' end,
            case when n <= $4 then ($2::text[])[n * 2 - 1:n * 2] else array[($2::text[])[$4 + n]] end,
            case when n <= $4 then array['תמונה ' || n, 'עוד תמונה ' || n] else array['תמונה ' || n] end,
            now() - make_interval(mins => $3 - n)
       from generate_series(1, $3::int) as n`,
    [book.id, urls, memoryCount, twoPhotos],
  )
  return book.shortCode
}

const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-keepsakes-downloads-'))

/** The browser runs as a server (for its process id), so a download is saved, not read in place. */
async function saved(download: Promise<Download>): Promise<string> {
  const finished = await download
  const file = path.join(downloads, finished.suggestedFilename())
  await finished.saveAs(file)
  return file
}

async function makeAlbum(page: Page): Promise<void> {
  const download = page.waitForEvent('download', { timeout: 0 })
  await page.getByRole('button', { name: keepsakesStrings.panel.album }).click()
  const file = await saved(download)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  const pages = /Pages:\s+(\d+)/.exec(info)![1]
  console.log(`album: ${pages} pages, ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MB`)
}

async function makeVideo(page: Page): Promise<void> {
  await page.getByRole('button', { name: keepsakesStrings.panel.video }).click()
  const dialog = page.getByRole('dialog', { name: keepsakesStrings.video.title })
  await dialog.getByRole('button', { name: keepsakesStrings.video.start }).click()
  await dialog.getByText(keepsakesStrings.video.ready).waitFor({ timeout: 0 })
  const download = page.waitForEvent('download', { timeout: 0 })
  await dialog.getByRole('button', { name: keepsakesStrings.video.download }).click()
  const file = await saved(download)
  const probe = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration,size:stream=codec_name,width,height', '-of', 'compact', file],
    { encoding: 'utf8' },
  )
  console.log(`video: ${probe.trim().replaceAll('\n', ' ')}`)
}

const bookId = await seedBigBook()
console.log(`seeded book ${bookId}: ${memoryCount} memories, ${photoCount} photos on ${apiUrl}`)
const app = process.env.APP_URL
  ? { url: process.env.APP_URL.replace(/\/$/, ''), close: async () => {} }
  : await serveProductionBuild(apiUrl)
const server = await chromium.launchServer({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const browser = await chromium.connect(server.wsEndpoint())
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    locale: 'he-IL',
    acceptDownloads: true,
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
  page.on('console', (message) => message.type() === 'error' && console.error(`console: ${message.text()}`))
  const cdp = await context.newCDPSession(page)
  await page.goto(`${app.url}/view-book/${bookId}?code=${familyCode}`)
  await page.getByRole('region', { name: keepsakesStrings.panel.title }).waitFor({ timeout: 120_000 })
  const browserPid = server.process().pid!
  console.log(`book open: renderer ${rendererMemoryMb(browserPid).toFixed(0)} MB`)
  if (!process.env.BENCH_SKIP_ALBUM) await measured('PDF album', browserPid, cdp, () => makeAlbum(page))
  if (!process.env.BENCH_SKIP_VIDEO) await measured('memorial video', browserPid, cdp, () => makeVideo(page))
} finally {
  await browser.close()
  await server.close()
  await app.close()
}
