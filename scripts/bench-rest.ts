/**
 * Requests per second of a simple authenticated select through /rest/v1 (row-level security on).
 * Starts nothing: run it against a stack, e.g. `npx tsx scripts/with-stack.ts -- npx tsx scripts/bench-rest.ts`.
 * Creates a table with 1,000 rows for one user, then keeps 10 clients busy for about 10 seconds.
 */
import { randomUUID } from 'node:crypto'
import { signJwt } from '../supabase/local/jwt.ts'
import { sql, testEnv } from '../supabase/local/testing/clients.ts'

const CLIENTS = 10
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000
const MAX_REQUESTS = 1_000_000

async function setUp(userId: string): Promise<void> {
  const statements = [
    'drop table if exists bench_rest_items',
    'create table bench_rest_items (id serial primary key, owner uuid not null, title text not null, created_at timestamptz not null default now())',
    'alter table bench_rest_items enable row level security',
    'create policy bench_rest_items_own on bench_rest_items for select to authenticated using (owner = auth.uid())',
    'grant select on bench_rest_items to authenticated',
  ]
  for (const statement of statements) await sql(statement)
  await sql(
    `insert into bench_rest_items (owner, title) select $1::uuid, 'item ' || n from generate_series(1, 1000) n`,
    [userId],
  )
}

async function worker(
  url: string,
  headers: Record<string, string>,
  deadline: number,
  latencies: number[],
): Promise<void> {
  while (Date.now() < deadline && latencies.length < MAX_REQUESTS) {
    const started = performance.now()
    const response = await fetch(url, { headers })
    const rows = (await response.json()) as unknown[]
    if (response.status !== 200 || rows.length !== 10) throw new Error(`unexpected answer ${response.status}`)
    latencies.push(performance.now() - started)
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

async function main(): Promise<void> {
  const apiUrl = new URL(testEnv.apiUrl)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(apiUrl.hostname))
    throw new Error('bench-rest only runs against a loopback stack')
  const userId = randomUUID()
  await setUp(userId)
  const token = await signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated' }, 3600)
  const headers = { apikey: testEnv.anonKey, authorization: `Bearer ${token}`, 'accept-profile': 'public' }
  const url = `${testEnv.apiUrl}/rest/v1/bench_rest_items?select=id,title,created_at&order=id.desc&limit=10`
  await worker(url, headers, Date.now() + 1000, []) // warm-up
  const latencies: number[] = []
  const started = Date.now()
  await Promise.all(Array.from({ length: CLIENTS }, () => worker(url, headers, started + DURATION_MS, latencies)))
  const seconds = (Date.now() - started) / 1000
  const sorted = [...latencies].sort((a, b) => a - b)
  const { rows } = {
    rows: await sql<{ kind: string }>(
      `select case when version() like '%emscripten%' or version() like '%wasm%' then 'pglite' else 'postgres' end as kind`,
    ),
  }
  console.log(
    `bench-rest (${rows[0]?.kind}): ${latencies.length} requests in ${seconds.toFixed(1)} s with ${CLIENTS} clients = ` +
      `${(latencies.length / seconds).toFixed(0)} requests/s (p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms)`,
  )
  await sql('drop table if exists bench_rest_items')
}

await main()
