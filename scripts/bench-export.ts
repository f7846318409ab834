/**
 * Benchmark (not a test): exporting a big book as its ZIP in Chromium — the time from the press to
 * the finished file and the peak memory meanwhile (the tab's renderer, all of Chromium's processes
 * together, the JavaScript heap).
 *
 *   npx tsx scripts/with-stack.ts -- npx tsx --tsconfig tsconfig.node.json scripts/bench-export.ts
 *
 * It seeds, on the running stack (SUPABASE_URL), a book of its owner with a portrait, BENCH_MEMORIES
 * memories holding BENCH_PHOTOS photos (each its own 2048×1536 JPEG object) and BENCH_VIDEOS videos
 * (each its own 30 MB MP4 object, under the bucket's 50 MB limit), builds and serves the SPA for that
 * stack (or uses APP_URL), signs the owner in and exports the book both ways, each in a fresh browser
 * context: `stream` is desktop Chrome's way (the save dialog is answered with a file in the origin's
 * private storage, OPFS, which the ZIP is written to as it is made); `download` is the phones' way
 * (the ZIP gathered by the browser and downloaded at the end). BENCH_SAVE=stream or =download runs
 * one of them. Needs ffmpeg and unzip.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { submitLoginForm } from '../e2e/fixtures/session.ts'
import { bookExportStrings } from '../src/domains/book/strings/book-export.ts'
import { createUser } from '../supabase/local/testing/index.ts'
import { seedBigBook } from './bench-big-book.ts'
import { measured, rendererMemoryMb } from './bench-support.ts'
import { serveProductionBuild } from './serve-production-build.ts'

const apiUrl = (process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321').replace(/\/$/, '')
type SaveWay = 'stream' | 'download'
const saveWays: SaveWay[] = process.env.BENCH_SAVE ? [process.env.BENCH_SAVE as SaveWay] : ['stream', 'download']

/**
 * Desktop Chrome's save dialog, answered with a file in the origin's private storage (OPFS). Scripts
 * for the page are strings: tsx would add its own helpers to a function, which the page lacks.
 */
const answerSaveDialogWithOpfs = `window.showSaveFilePicker = async ({ suggestedName }) =>
  (await navigator.storage.getDirectory()).getFileHandle(suggestedName, { create: true })`
const withoutSaveDialog = 'delete window.showSaveFilePicker'
const opfsFileSize = `(async () => {
  const folder = await navigator.storage.getDirectory()
  for await (const handle of folder.values()) return (await handle.getFile()).size
  return 0
})()`

async function exportBook(page: Page, saveWay: SaveWay): Promise<void> {
  const downloaded = saveWay === 'download' ? page.waitForEvent('download', { timeout: 0 }) : null
  const started = performance.now()
  await page.getByRole('button', { name: bookExportStrings.screen.start }).click()
  const done = page.getByText(bookExportStrings.screen.done)
  await done.or(page.getByText(bookExportStrings.screen.error)).waitFor({ timeout: 0 })
  if (!(await done.isVisible())) throw new Error(`export (${saveWay}) stopped with an error`)
  console.log(`export (${saveWay}): the screen said done after ${((performance.now() - started) / 1000).toFixed(0)} s`)
  if (downloaded) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-zip-')), 'book.zip')
    await (await downloaded).saveAs(file)
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', maxBuffer: 2 ** 26 })
      .trim()
      .split('\n')
    console.log(`ZIP: ${(fs.statSync(file).size / 1e6).toFixed(0)} MB, ${entries.length} entries`)
    fs.rmSync(file)
  } else {
    const size = await page.evaluate<number>(opfsFileSize)
    console.log(`ZIP written to OPFS: ${(size / 1e6).toFixed(0)} MB`)
  }
}

const owner = await createUser({ label: 'bench-export-owner', fullName: 'בעלת הספר' })
const book = await seedBigBook(owner.email)
console.log(`seeded: ${book.summary} on ${apiUrl}`)
const app = process.env.APP_URL
  ? { url: process.env.APP_URL.replace(/\/$/, ''), close: async () => {} }
  : await serveProductionBuild(apiUrl)
/** The browser process of the profile in `folder` (the one started without --type=). */
function browserProcessOf(folder: string): number {
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (command.includes(`--user-data-dir=${folder}`) && !command.includes('--type=')) return Number(entry)
    } catch {
      // The process ended while the list was read.
    }
  }
  throw new Error('no browser process found')
}

/**
 * Each way runs in its own browser with a profile on disk: in a fresh (incognito) context the
 * origin's private storage lives in memory, and the written ZIP would be counted as the browser's.
 */
async function measureExport(saveWay: SaveWay): Promise<void> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    viewport: { width: 1280, height: 900 },
    locale: 'he-IL',
    acceptDownloads: true,
  })
  try {
    const browserPid = browserProcessOf(profile)
    const page = context.pages()[0] ?? (await context.newPage())
    page.on('console', (message) => {
      if (message.type() === 'error') console.log(`browser: ${message.text()}`)
    })
    page.on('pageerror', (error) => console.log(`browser: ${error.message}`))
    await page.addInitScript(saveWay === 'stream' ? answerSaveDialogWithOpfs : withoutSaveDialog)
    await page.goto(`${app.url}/login`)
    await submitLoginForm(page, owner.email, owner.password)
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 120_000 })
    await page.goto(`${app.url}/book-export?book=${book.id}`)
    await page.getByRole('button', { name: bookExportStrings.screen.start }).waitFor({ timeout: 120_000 })
    const cdp = await context.newCDPSession(page)
    console.log(`export screen open: renderer ${rendererMemoryMb(browserPid).toFixed(0)} MB`)
    await measured(`export (${saveWay})`, browserPid, cdp, () => exportBook(page, saveWay))
  } finally {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
}

try {
  for (const saveWay of saveWays) await measureExport(saveWay)
} finally {
  await app.close()
}
