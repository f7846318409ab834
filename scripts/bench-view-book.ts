/**
 * Benchmark (not a test): how long a phone takes to show the first memory card of a book with
 * 1,000 memories.
 *
 *   npx tsx scripts/with-stack.ts -- npx tsx scripts/bench-view-book.ts
 *   SUPABASE_URL=http://127.0.0.1:54321 npx tsx scripts/bench-view-book.ts     (against `npm start`)
 *
 * It seeds a paid, public pro book with 1,000 memories (a third with a photo) on the running
 * stack (SUPABASE_URL), builds the SPA for that stack and serves the production build (or uses
 * APP_URL), then opens /view-book/{id} in Chromium at 412×915 with the CPU slowed down 4× (CDP
 * Emulation.setCPUThrottlingRate) and prints the time from navigation start to the first memory
 * card, per run and the median.
 */
import { chromium, type Browser } from '@playwright/test'
import { SECRET_KEY } from '../supabase/local/config.ts'
import { stripedPng } from '../supabase/local/testing/images.ts'
import { serveProductionBuild } from './serve-production-build.ts'

const apiUrl = (process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321').replace(/\/$/, '')
const serviceKey = process.env.SUPABASE_SECRET_KEY ?? SECRET_KEY
const memoryCount = Number(process.env.BENCH_MEMORIES ?? 1000)
const runs = Number(process.env.BENCH_RUNS ?? 5)
const cpuSlowdown = 4

async function sql<Row>(query: string, params: unknown[] = []): Promise<Row[]> {
  const response = await fetch(`${apiUrl}/pg/query`, {
    method: 'POST',
    headers: { apikey: serviceKey, 'content-type': 'application/json' },
    body: JSON.stringify({ query, params }),
  })
  const body = (await response.json()) as Row[] | { message: string }
  if (!response.ok) throw new Error(`SQL failed: ${(body as { message: string }).message}`)
  return body as Row[]
}

async function upload(objectPath: string, bytes: Buffer): Promise<string> {
  const response = await fetch(`${apiUrl}/storage/v1/object/memory-images/${objectPath}`, {
    method: 'POST',
    headers: {
      apikey: serviceKey,
      'content-type': 'image/png',
      'x-upsert': 'true',
    },
    body: new Uint8Array(bytes),
  })
  if (!response.ok) throw new Error(`upload ${objectPath}: ${response.status}`)
  return `${apiUrl}/storage/v1/object/public/memory-images/${objectPath}`
}

const sentences = [
  'כל יום שישי הבית התמלא בריח של מרק ועוגת תפוחים, ותמיד היה מקום לעוד מישהו ליד השולחן.',
  'הוא לימד אותי לרכוב על אופניים בשביל שליד הפרדס, ורץ לידי עד שהפסקתי לפחד.',
  'בכל פעם שהתקשרתי היא שאלה קודם כול מה שלום הילדים, ורק אחר כך סיפרה על עצמה.',
  'בחדר המורים תמיד חיכתה קופסה של סוכריות למי שעבר יום קשה.',
  'הקול שלו במקהלה היה עמוק וחם, והוא זכר את כל המילים כשכולנו שכחנו.',
]

/** A public, paid pro book with `memoryCount` memories of realistic length, a third with a photo. */
async function seedBook(): Promise<string> {
  const [book] = await sql<{ id: string; short_code: string }>(
    `insert into "public"."memory_books" ("full_name", "creator_name", "plan_type", "payment_status", "is_public", "memory_quote")
     values ('שמחה בנצ''מרק', 'משפחת בנצ''מרק', 'pro', 'paid', 'true'::boolean, 'זיכרונו לברכה') returning "id", "short_code"`,
  )
  const photos: string[] = []
  for (let index = 0; index < 4; index += 1) {
    const colour = [
      [196, 160, 110],
      [110, 140, 170],
      [150, 180, 120],
      [190, 120, 120],
    ][index] as [number, number, number]
    photos.push(
      await upload(`memories/${book!.id}/bench-${index}.png`, stripedPng(800, 600, colour, [240, 236, 228], 24)),
    )
  }
  await sql(
    `insert into "public"."memory_entries"
       ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "memory_text_2", "memory_text_3", "image_urls", "image_captions", "created_at")
     select $1::uuid,
            'כותב ' || n,
            (array['בן משפחה','משפחה','חבר/ה','שכן/ה','קולגה','מכר/ת רחוק/ה','אחר/ת'])[1 + n % 7],
            ($3::text[])[1 + n % 5] || ' ' || ($3::text[])[1 + (n + 2) % 5],
            case when n % 2 = 0 then ($3::text[])[1 + (n + 1) % 5] end,
            case when n % 3 = 0 then ($3::text[])[1 + (n + 3) % 5] end,
            case when n % 3 = 0 then array[($2::text[])[1 + n % 4]] else '{}'::text[] end,
            case when n % 3 = 0 then array['תמונה ' || n] else '{}'::text[] end,
            now() - make_interval(mins => n)
       from generate_series(1, $4::int) as n`,
    [book!.id, photos, sentences, memoryCount],
  )
  return book!.short_code
}

/** Records, in the page, when the first memory card enters the document (ms since navigation start). */
const firstCardProbe = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="memory-card"]')) {
      window.__firstMemoryCardMs = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
`

interface Breakdown {
  domContentLoadedMs: number
  calls: Array<{ name: string; startMs: number; endMs: number; bytes: number }>
}

/** When the page's own code was ready, and when each script and backend call started and finished. */
function readBreakdown(): Breakdown {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
  const calls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.initiatorType !== 'img')
    .map((entry) => ({
      name: new URL(entry.name).pathname.replace(/^.*\/v1\//, '').replace(/^\/assets\//, ''),
      startMs: entry.startTime,
      endMs: entry.responseEnd,
      bytes: entry.transferSize,
    }))
  return { domContentLoadedMs: navigation.domContentLoadedEventEnd, calls }
}

async function timeToFirstCard(
  browser: Browser,
  url: string,
): Promise<{ ms: number; cards: number; breakdown: Breakdown }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'he-IL',
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  await page.addInitScript(firstCardProbe)
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForSelector('[data-testid="memory-card"]', { timeout: 60_000 })
  const ms = await page.evaluate(() => (window as unknown as { __firstMemoryCardMs: number }).__firstMemoryCardMs)
  const cards = await page.locator('[data-testid="memory-card"]').count()
  const breakdown = await page.evaluate(readBreakdown)
  await context.close()
  return { ms, cards, breakdown }
}

const bookId = await seedBook()
console.log(`seeded book ${bookId} with ${memoryCount} memories on ${apiUrl}`)
const app = process.env.APP_URL
  ? { url: process.env.APP_URL.replace(/\/$/, ''), close: async () => {} }
  : await serveProductionBuild(apiUrl)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const url = `${app.url}/view-book/${bookId}`
  const timings: number[] = []
  let lastBreakdown: Breakdown | undefined
  for (let run = 1; run <= runs; run += 1) {
    const { ms, cards, breakdown } = await timeToFirstCard(browser, url)
    timings.push(ms)
    lastBreakdown = breakdown
    console.log(`run ${run}: first memory card after ${ms.toFixed(0)} ms (${cards} cards rendered)`)
  }
  if (lastBreakdown) {
    console.log(`last run: DOMContentLoaded at ${lastBreakdown.domContentLoadedMs.toFixed(0)} ms`)
    for (const call of lastBreakdown.calls) {
      console.log(
        `  ${call.name}: ${call.startMs.toFixed(0)}–${call.endMs.toFixed(0)} ms, ${call.bytes.toLocaleString('en')} bytes`,
      )
    }
  }
  const sorted = [...timings].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  console.log(
    `view-book, ${memoryCount} memories, Chromium 412 px, CPU ${cpuSlowdown}× slower: median time to first memory card ${median.toFixed(0)} ms`,
  )
} finally {
  await browser.close()
  await app.close()
}
