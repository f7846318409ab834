/**
 * The admin panel's books tab with 10,000 books: how long the database takes to answer its first
 * page (admin_list_books, 20 rows with memory counts and the total), a search by part of a
 * deceased's name, by owner e-mail and by book id, and the panel's counts, all as a signed-in
 * platform admin through the same function the screen calls.
 *
 *   npx tsx scripts/bench-admin-books.ts                 # throwaway PGlite in a temp folder
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-admin-books.ts   # an EMPTY throwaway database
 *
 * It applies the migrations (no seed), inserts 10,000 books with 10 memories each and 2,000
 * users, runs ANALYZE, then times each call (median of 7 after one warm-up) and prints one line per
 * call.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { applyRequestContext, openDatabase, type Database, type Queryable } from '../supabase/local/db.ts'
import { migrate } from '../supabase/local/migrate.ts'

const BOOKS = 10_000
const MEMORIES_PER_BOOK = 10
const OWNERS = 2_000
const RUNS = 7
const ADMIN_ID = '0a0a0a0a-0000-4000-8000-000000000001'
const ADMIN_EMAIL = 'admin@bench.zochrim.local'

const ALPHABET_CODE = (expression: string, salt: string) =>
  `translate(lpad(to_hex(${expression} * 7919 + ${salt}), 8, '0'), '0123456789abcdef', 'ABCDEFGHJKLMNPQR')`

async function fill(db: Queryable): Promise<void> {
  await db.query(`insert into "public"."platform_admin_emails" ("email") values ($1)`, [ADMIN_EMAIL])
  await db.query(
    `insert into "auth"."users" ("id", "aud", "role", "email", "email_confirmed_at") values ($1, 'authenticated', 'authenticated', $2, now())`,
    [ADMIN_ID, ADMIN_EMAIL],
  )
  await db.query(
    `insert into "auth"."users" ("id", "aud", "role", "email", "email_confirmed_at")
     select gen_random_uuid(), 'authenticated', 'authenticated', 'owner-' || g || '@bench.zochrim.local', now()
       from generate_series(1, $1::int) g`,
    [OWNERS],
  )
  await db.query(
    `insert into "public"."memory_books" ("short_code", "full_name", "owner_email", "family_access_code", "plan_type",
        "payment_status", "created_at")
     select ${ALPHABET_CODE('g', '0')}, (array['רחל', 'משה', 'שרה', 'יוסף', 'לאה'])[1 + g % 5] || ' כהן ' || g,
            'owner-' || (g % $2) || '@bench.zochrim.local', lpad((g % 10000)::text, 4, '0'),
            (array['basic', 'pro', 'full'])[1 + g % 3], case when g % 10 = 0 then 'unpaid' else 'paid' end,
            now() - make_interval(mins => g)
       from generate_series(1, $1::int) as g`,
    [BOOKS, OWNERS],
  )
  await db.exec(`alter table "public"."memory_entries" disable trigger "memory_entries_validate"`)
  try {
    await db.query(
      `insert into "public"."memory_entries" ("book_id", "full_name", "memory_text_1", "created_at")
       select b."id", 'כותב ' || m, 'זיכרון', b."created_at" from "public"."memory_books" b
        cross join generate_series(1, $1::int) as m`,
      [MEMORIES_PER_BOOK],
    )
  } finally {
    await db.exec(`alter table "public"."memory_entries" enable trigger "memory_entries_validate"`)
  }
  await db.exec('analyze')
}

/** Milliseconds for one call as the platform admin, inside a request's transaction as the gateway runs it. */
async function timeAsAdmin(db: Database, sql: string, params: unknown[]): Promise<{ ms: number; rows: number }> {
  return db.transaction(async (tx) => {
    await applyRequestContext(tx, {
      role: 'authenticated',
      claims: { sub: ADMIN_ID, role: 'authenticated', email: ADMIN_EMAIL },
      method: 'POST',
      path: '/rest/v1/rpc/admin_list_books',
      headers: {},
    })
    const started = performance.now()
    const result = await tx.query(sql, params)
    return { ms: performance.now() - started, rows: result.rows.length }
  })
}

async function median(db: Database, sql: string, params: unknown[]): Promise<{ ms: number; rows: number }> {
  await timeAsAdmin(db, sql, params)
  const runs: { ms: number; rows: number }[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await timeAsAdmin(db, sql, params))
  runs.sort((a, b) => a.ms - b.ms)
  return runs[Math.floor(RUNS / 2)]!
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zochrim-bench-admin-'))
  const db = await openDatabase({ dataDir, databaseUrl })
  try {
    const started = Date.now()
    await migrate(db, { seed: false })
    // One transaction with a long deadline: the bulk load may take minutes on a busy machine.
    await db.transaction(fill, { statementTimeoutMs: 20 * 60_000 })
    console.log(
      `[bench] ${db.kind}: ${BOOKS.toLocaleString('en')} books × ${MEMORIES_PER_BOOK} memories in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
    const { rows } = await db.query<{ short_code: string }>(
      `select "short_code" from "public"."memory_books" order by "created_at" limit 1 offset 5000`,
    )
    const calls: [string, string, unknown[]][] = [
      ['first page (20 rows + total)', `select * from "public"."admin_list_books"()`, []],
      ['page 100', `select * from "public"."admin_list_books"(null, 20, 1980)`, []],
      ['search by name part "כהן 77"', `select * from "public"."admin_list_books"($1)`, ['כהן 77']],
      ['search by owner e-mail', `select * from "public"."admin_list_books"($1)`, ['owner-1234@bench']],
      ['search by short code', `select * from "public"."admin_list_books"($1)`, [rows[0]!.short_code.toLowerCase()]],
      ['overview counts', `select * from "public"."admin_overview_counts"()`, []],
      ['users: first page', `select * from "public"."admin_search_users"()`, []],
      ['users: search by e-mail', `select * from "public"."admin_search_users"($1)`, ['owner-123']],
    ]
    for (const [title, sql, params] of calls) {
      const { ms, rows: count } = await median(db, sql, params)
      console.log(`${title.padEnd(32)} ${ms.toFixed(1).padStart(7)} ms  (${count} rows, median of ${RUNS})`)
    }
  } finally {
    await db.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
