/**
 * Benchmark (not a test): exporting the big book (scripts/bench-big-book.ts) as its ZIP in Safari's
 * engine — WebKitGTK's MiniBrowser through its WebDriver, the same browser the WebKit journeys
 * drive — the way every browser without a save dialog does it (the ZIP made as a stream, gathered
 * by the browser, downloaded at the end). It samples, every half second, the memory of WebKit's
 * processes (the page's web process, the network process that keeps Blobs, the UI process: their
 * proportional set size) and prints the peak with the ZIP's size and the time.
 *
 *   npx tsx scripts/with-stack.ts -- xvfb-run --auto-servernum npx tsx scripts/bench-export-webkit.ts
 *
 * BENCH_MEMORIES, BENCH_PHOTOS and BENCH_VIDEOS size the book. The file the page offers is kept in
 * the page (e2e-engines/harness/journey.ts, keepDownloads): WebDriver cannot answer the download.
 */
import fs from 'node:fs'
import { openEngine, waitUntil } from '../e2e-engines/harness/engine.ts'
import { keepDownloads, signIn, waitForText } from '../e2e-engines/harness/journey.ts'
import { bookExportStrings } from '../src/domains/book/strings/book-export.ts'
import { createUser } from '../supabase/local/testing/index.ts'
import { seedBigBook } from './bench-big-book.ts'
import { serveProductionBuild } from './serve-production-build.ts'

const apiUrl = (process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321').replace(/\/$/, '')

interface ProcessMemory {
  name: string
  mb: number
}

function childrenOf(): Map<number, number[]> {
  const children = new Map<number, number[]>()
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // The process ended while the list was read.
    }
  }
  return children
}

/** The PSS of every WebKit process this script started (WebKitWebDriver's MiniBrowser and its helpers). */
function webkitMemory(): ProcessMemory[] {
  const children = childrenOf()
  const found: ProcessMemory[] = []
  const queue = [...(children.get(process.pid) ?? [])]
  while (queue.length > 0) {
    const pid = queue.pop()!
    queue.push(...(children.get(pid) ?? []))
    try {
      const name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
      if (!/WebKit|MiniBrowser/.test(name)) continue
      const pss = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
      found.push({ name, mb: pss ? Number(pss[1]) / 1024 : 0 })
    } catch {
      // The process ended while it was read.
    }
  }
  return found
}

const total = (memory: ProcessMemory[]) => memory.reduce((sum, process) => sum + process.mb, 0)
const describe = (memory: ProcessMemory[]) =>
  memory
    .sort((a, b) => b.mb - a.mb)
    .map((process) => `${process.name} ${process.mb.toFixed(0)} MB`)
    .join(', ')

const owner = await createUser({ label: 'bench-export-webkit', fullName: 'בעלת הספר' })
const book = await seedBigBook(owner.email)
console.log(`seeded: ${book.summary} on ${apiUrl}`)
const app = await serveProductionBuild(apiUrl)
const page = await openEngine('webkit', app.url)
try {
  await signIn(page, owner)
  await page.goto(`/book-export?book=${book.id}`)
  await waitForText(page, bookExportStrings.screen.start)
  const before = webkitMemory()
  console.log(`export screen open: WebKit ${total(before).toFixed(0)} MB (${describe(before)})`)
  await keepDownloads(page)
  let peak = before
  const sampler = setInterval(() => {
    const now = webkitMemory()
    if (total(now) > total(peak)) peak = now
  }, 500)
  const started = performance.now()
  await page.click({ text: bookExportStrings.screen.start })
  const ending = await waitUntil(
    'the export to end',
    async () => {
      const shown = await page.run<string>('return document.body.innerText')
      if (shown.includes(bookExportStrings.screen.error)) return 'error'
      return shown.includes(bookExportStrings.screen.done) && 'done'
    },
    3_600_000,
  )
  clearInterval(sampler)
  if (ending === 'error') throw new Error('the export stopped with an error')
  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  const zipBytes = await page.run<number>('return window.__engineDownloads[0].blob.size')
  console.log(`export (gathered, then downloaded): done after ${seconds} s, ZIP ${(zipBytes / 1e6).toFixed(0)} MB`)
  console.log(`peak: WebKit ${total(peak).toFixed(0)} MB (${describe(peak)})`)
} finally {
  await page.close()
  await app.close()
}
