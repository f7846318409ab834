/**
 * Benchmark (not a test): Lighthouse on the pages relatives open, against the production build and
 * the local stack. Mobile form factor, simulated throttling, median of 3 runs per route.
 *
 *   npx tsx scripts/with-stack.ts -- npx tsx scripts/bench-lighthouse.ts
 *   SUPABASE_URL=http://127.0.0.1:54321 npx tsx scripts/bench-lighthouse.ts     (against `npm start`)
 *
 * It builds the SPA for the running stack (SUPABASE_URL) and serves it with `vite preview` (or uses
 * APP_URL), copies the seed's RACHEL23 into a public paid book through the service role, and prints
 * one line per route: performance score, LCP, CLS, TBT and the JavaScript bytes transferred.
 * BENCH_RUNS changes the number of runs, BENCH_ROUTES (comma separated) the routes, and
 * BENCH_REPORT_DIR keeps each run's full Lighthouse report there (to see the LCP element and chains).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { serveProductionBuild } from './serve-production-build.ts'
import { SECRET_KEY } from '../supabase/local/config.ts'

const apiUrl = (process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321').replace(/\/$/, '')
const serviceKey = process.env.SUPABASE_SECRET_KEY ?? SECRET_KEY
const runs = Number(process.env.BENCH_RUNS ?? 3)
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

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

/** A public, paid copy of RACHEL23 (portrait, banner and memories), made once per stack. */
async function publicBook(): Promise<string> {
  const marker = 'cs_bench_lighthouse'
  const [existing] = await sql<{ short_code: string }>(
    `select "short_code" from "public"."memory_books" where "session_id" = $1`,
    [marker],
  )
  if (existing) return existing.short_code
  const [book] = await sql<{ id: string; short_code: string }>(
    `insert into "public"."memory_books"
       ("full_name", "birth_date", "death_date", "memory_quote", "profile_image_url", "background_image_url",
        "creator_name", "purchaser_name", "is_public", "plan_type", "payment_status", "session_id")
     select "full_name", "birth_date", "death_date", "memory_quote", "profile_image_url", "background_image_url",
            "creator_name", "purchaser_name", true, "plan_type", "payment_status", $1
       from "public"."memory_books" where "short_code" = 'RACHEL23'
     returning "id", "short_code"`,
    [marker],
  )
  // A memory's photos must lie in its book's folder: each is copied there first.
  const [source] = await sql<{ id: string; urls: string[] }>(
    `select b."id", coalesce(array_agg(distinct u."url") filter (where u."url" is not null), '{}') as "urls"
       from "public"."memory_books" b
       left join "public"."memory_entries" e on e."book_id" = b."id"
       left join lateral unnest(e."image_urls") as u("url") on true
      where b."short_code" = 'RACHEL23' group by b."id"`,
  )
  for (const url of source!.urls) {
    const sourcePath = url.slice(url.indexOf('/memory-images/') + '/memory-images/'.length)
    // The bucket is private: the service role downloads the original.
    const image = await fetch(`${apiUrl}/storage/v1/object/memory-images/${sourcePath}`, {
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    })
    if (!image.ok) throw new Error(`download ${url}: ${image.status}`)
    const objectPath = sourcePath.replace(source!.id, book!.id)
    const upload = await fetch(`${apiUrl}/storage/v1/object/memory-images/${objectPath}`, {
      method: 'POST',
      headers: {
        apikey: serviceKey,
        'content-type': image.headers.get('content-type') ?? 'image/jpeg',
        'x-upsert': 'true',
      },
      body: new Uint8Array(await image.arrayBuffer()),
    })
    if (!upload.ok) throw new Error(`upload ${objectPath}: ${upload.status}`)
  }
  await sql(
    `insert into "public"."memory_entries"
       ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "memory_text_2", "memory_text_3",
        "image_urls", "image_captions", "source", "created_at")
     select $1::uuid, e."full_name", e."relation_to_deceased", e."memory_text_1", e."memory_text_2", e."memory_text_3",
            array(select replace(u, $2, $1::text) from unnest(e."image_urls") as u), e."image_captions", e."source", e."created_at"
       from "public"."memory_entries" e join "public"."memory_books" b on b."id" = e."book_id"
      where b."short_code" = 'RACHEL23' and not e."is_hidden"`,
    [book!.id, source!.id],
  )
  return book!.short_code
}

interface RunFigures {
  score: number
  lcpMs: number
  cls: number
  tbtMs: number
  jsBytes: number
}

interface NetworkItem {
  resourceType?: string
  transferSize?: number
}

async function measure(url: string, port: number): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  const reportDir = process.env.BENCH_REPORT_DIR
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true })
    const name = new URL(url).pathname.replace(/[^\w]+/g, '_') || 'root'
    fs.writeFileSync(path.join(reportDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr))
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  const jsBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    jsBytes,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const bookId = await publicBook()
const routes = process.env.BENCH_ROUTES?.split(',') ?? [
  '/',
  '/share/RACHEL23',
  '/add-memory/RACHEL23',
  `/view-book/${bookId}`,
  '/view-book/RACHEL23?code=2580',
]
const app = process.env.APP_URL
  ? { url: process.env.APP_URL.replace(/\/$/, ''), close: async () => {} }
  : await serveProductionBuild(apiUrl)
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
const [load1, load5] = os.loadavg()
console.log(
  `Lighthouse ${runs}× per route, mobile, simulated throttling; load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)} on ${os.cpus().length} CPUs`,
)
try {
  for (const route of routes) {
    const figures: RunFigures[] = []
    for (let run = 0; run < runs; run += 1) figures.push(await measure(`${app.url}${route}`, chrome.port))
    const pick = (key: keyof RunFigures) => median(figures.map((f) => f[key]))
    console.log(
      `${route.padEnd(34)} score ${String(pick('score')).padStart(3)}  LCP ${(pick('lcpMs') / 1000).toFixed(2)} s  CLS ${pick('cls').toFixed(3)}  TBT ${pick('tbtMs').toFixed(0)} ms  JS ${(pick('jsBytes') / 1024).toFixed(1)} KB` +
        `  (scores ${figures.map((f) => f.score).join('/')})`,
    )
  }
} finally {
  await chrome.kill()
  await app.close()
}
