/**
 * The shiva evening against a running stack (PGlite, or PostgreSQL when the stack has
 * DATABASE_URL): 60 relatives from one address open a private book with its family code (one in
 * ten mistypes once), write a memory with two photos, light a candle and subscribe to reminders;
 * at the same time 1,000 readers of one public book, each from an address of its own, open its
 * card and its memories, spread over BENCH_READ_SECONDS (300 by default). Prints the success
 * count and the p50 / p95 / p99 latency of each kind of request. A measurement, not a test:
 * `npx tsx scripts/with-stack.ts -- npx tsx scripts/bench-shiva-evening.ts`.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import {
  addMemories,
  createBook,
  requestFrom,
  TINY_JPEG,
  testEnv,
  uniqueAddress,
  uniqueEmail,
} from '../supabase/local/testing/index.ts'

const RELATIVES = 60
const READERS = Number(process.env.BENCH_READERS ?? 1000)
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 300)

interface Sample {
  kind: string
  ok: boolean
  ms: number
}

const samples: Sample[] = []

const apiHeaders = { apikey: testEnv.anonKey, authorization: `Bearer ${testEnv.anonKey}` }

/** One timed request from `address`; `ok` decides success from the status and body. */
async function timed(
  kind: string,
  address: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
  ok: (status: number, body: string) => boolean = (status) => status >= 200 && status < 300,
): Promise<string> {
  const started = performance.now()
  const answer = await requestFrom(address, `${testEnv.apiUrl}${path}`, {
    ...init,
    headers: { ...apiHeaders, ...init.headers },
  }).catch((error: Error) => ({ status: 0, body: error.message }))
  samples.push({ kind, ok: ok(answer.status, answer.body), ms: performance.now() - started })
  return answer.body
}

const json = { 'content-type': 'application/json' }

async function relative(shortCode: string, bookId: string, code: string, index: number, house: string) {
  if (index % 10 === 0) {
    await timed(
      'family code (typo)',
      house,
      '/functions/v1/family-access',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ book_ref: shortCode, code: code === '0000' ? '1111' : '0000' }),
      },
      (status, body) => status === 200 && body.includes('family_code_invalid'),
    )
  }
  const access = await timed(
    'family code',
    house,
    '/functions/v1/family-access',
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ book_ref: shortCode, code }),
    },
    (status, body) => status === 200 && body.includes('access_grant'),
  )
  const grant = (JSON.parse(access) as { access_grant?: string }).access_grant ?? ''
  const photos: string[] = []
  for (let photo = 0; photo < 2; photo += 1) {
    const name = `memories/${bookId}/${randomUUID()}.jpg`
    await timed('photo upload', house, `/storage/v1/object/memory-images/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: TINY_JPEG,
    })
    photos.push(`${testEnv.apiUrl}/storage/v1/object/public/memory-images/${name}`)
  }
  await timed(
    'add memory',
    house,
    '/rest/v1/rpc/add_memory',
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        book_ref: shortCode,
        access_grant: grant,
        full_name: `קרוב ${index}`,
        text1: 'זוכרים אותו בכל ערב שבת',
        image_urls: photos,
        image_captions: ['', ''],
      }),
    },
    (status, body) => status === 200 && body.includes('"ok":true'),
  )
  await timed('light candle', house, '/functions/v1/light-candle', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ book_ref: shortCode, visitor: randomBytes(24).toString('base64url'), access_grant: grant }),
  })
  await timed('subscribe reminders', house, '/functions/v1/reminder-subscribe', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ book_ref: shortCode, email: uniqueEmail(`bench-${index}`) }),
  })
}

async function reader(shortCode: string, delayMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, delayMs))
  const address = uniqueAddress()
  await timed('read card', address, '/rest/v1/rpc/get_book_card', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ book_ref: shortCode }),
  })
  await timed('read memories', address, '/rest/v1/rpc/get_book_memories', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ book_ref: shortCode }),
  })
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

function report(): void {
  const kinds = [...new Set(samples.map((sample) => sample.kind))]
  console.log('| request | succeeded | p50 ms | p95 ms | p99 ms |')
  console.log('| --- | --- | --- | --- | --- |')
  for (const kind of kinds) {
    const mine = samples.filter((sample) => sample.kind === kind)
    const sorted = mine.map((sample) => sample.ms).sort((a, b) => a - b)
    const ok = mine.filter((sample) => sample.ok).length
    const row = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(0))
    console.log(`| ${kind} | ${ok} / ${mine.length} | ${row.join(' | ')} |`)
  }
}

async function main(): Promise<void> {
  const privateBook = await createBook({ familyCode: '3857', deathDate: '2026-11-20', plan: 'pro' })
  const publicBook = await createBook({ isPublic: true, plan: 'pro', deathDate: '2026-11-01' })
  await addMemories(
    publicBook,
    Array.from({ length: 30 }, (_, index) => ({ fullName: `חבר ${index}`, texts: ['זיכרון מהשכונה', null, null] })),
  )
  const house = uniqueAddress()
  const started = performance.now()
  const readers = Array.from({ length: READERS }, (_, index) =>
    reader(publicBook.shortCode, (index / READERS) * READ_SECONDS * 1000),
  )
  for (let start = 0; start < RELATIVES; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, offset) =>
        relative(privateBook.shortCode, privateBook.id, privateBook.familyCode, start + offset, house),
      ),
    )
  }
  await Promise.all(readers)
  console.log(
    `shiva evening: ${RELATIVES} relatives from one address, ${READERS} readers over ${READ_SECONDS} s, ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s in all, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  )
  report()
}

await main()
