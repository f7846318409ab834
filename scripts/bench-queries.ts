/**
 * Query plans of the three hottest queries on a realistic volume: 10,000 books × 50 memories.
 *
 *   npx tsx scripts/bench-queries.ts                 # throwaway PGlite in a temp folder
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-queries.ts   # an EMPTY throwaway database
 *
 * It applies the migrations (no seed), fills the tables with generated rows, runs ANALYZE and
 * prints EXPLAIN (ANALYZE, BUFFERS) of: the memories of a book by date, the books of an owner and
 * the book of a gift code, first as the database owner and then, for the first two, as the signed-in
 * owner through row-level security. The plans also go to test-results/query-plans.md.
 * The memory validation trigger is switched off during the bulk load only (the generated rows
 * satisfy it; running it 500,000 times would only measure the load).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { applyRequestContext, openDatabase, type Database, type Queryable } from '../supabase/local/db.ts'
import { migrate } from '../supabase/local/migrate.ts'

const BOOKS = 10_000
const MEMORIES_PER_BOOK = 50
const OWNERS = 2_000
const BENCH_OWNER_ID = '0b0b0b0b-0000-4000-8000-000000000001'
const BENCH_OWNER_EMAIL = 'owner-7@bench.zochrim.local'

/** A unique code of the book/gift alphabet for a number: hex digits mapped onto 16 of its letters. */
const ALPHABET_CODE = (expression: string, salt: string) =>
  `translate(lpad(to_hex(${expression} * 7919 + ${salt}), 8, '0'), '0123456789abcdef', 'ABCDEFGHJKLMNPQR')`

async function fill(db: Database): Promise<void> {
  await db.query(
    `insert into "auth"."users" ("id", "aud", "role", "email", "email_confirmed_at") values ($1, 'authenticated', 'authenticated', $2, now())`,
    [BENCH_OWNER_ID, BENCH_OWNER_EMAIL],
  )
  await db.query(
    `insert into "public"."memory_books"
       ("short_code", "full_name", "owner_email", "family_access_code", "plan_type", "payment_status",
        "gift_code", "gift_status", "created_at")
     select ${ALPHABET_CODE('g', '0')},
            'ספר ' || g,
            'owner-' || (g % $2) || '@bench.zochrim.local',
            lpad((g % 10000)::text, 4, '0'),
            (array['basic', 'pro', 'full'])[1 + g % 3],
            case when g % 10 = 0 then 'unpaid' else 'paid' end,
            case when g % 5 = 0 then ${ALPHABET_CODE('g', '3')} end,
            case when g % 5 = 0 then 'pending' end,
            now() - make_interval(days => g % 700)
       from generate_series(1, $1::int) as g`,
    [BOOKS, OWNERS],
  )
  await db.exec(`alter table "public"."memory_entries" disable trigger "memory_entries_validate"`)
  try {
    await db.query(
      `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1", "created_at")
       select b."id", 'כותב ' || m, 'חבר/ה', repeat('זיכרון ', 40), b."created_at" + make_interval(hours => m)
         from "public"."memory_books" b cross join generate_series(1, $1::int) as m`,
      [MEMORIES_PER_BOOK],
    )
  } finally {
    await db.exec(`alter table "public"."memory_entries" enable trigger "memory_entries_validate"`)
  }
  await db.exec('analyze')
}

interface HotQuery {
  title: string
  sql: string
  params: unknown[]
  asOwnerThroughRls: boolean
}

async function hotQueries(db: Database): Promise<HotQuery[]> {
  const { rows: books } = await db.query<{ id: string }>(
    `select "id" from "public"."memory_books" where "owner_email" = $1 order by "created_at" limit 1`,
    [BENCH_OWNER_EMAIL],
  )
  const { rows: gifts } = await db.query<{ gift_code: string }>(
    `select "gift_code" from "public"."memory_books" where "gift_code" is not null order by "short_code" limit 1`,
  )
  const book = books[0]!
  const gift = gifts[0]!
  return [
    {
      title: 'Memories of a book, oldest first',
      sql: `select * from "public"."memory_entries" where "book_id" = $1 order by "created_at"`,
      params: [book.id],
      asOwnerThroughRls: true,
    },
    {
      title: 'Books of an owner, newest first',
      sql: `select * from "public"."memory_books" where "owner_email" = $1 order by "created_at" desc`,
      params: [BENCH_OWNER_EMAIL],
      asOwnerThroughRls: true,
    },
    {
      title: 'Book by gift code',
      sql: `select * from "public"."memory_books" where "gift_code" = $1`,
      params: [gift.gift_code],
      asOwnerThroughRls: false,
    },
  ]
}

async function explain(q: Queryable, query: HotQuery): Promise<string> {
  const { rows } = await q.query<Record<string, string>>(`explain (analyze, buffers) ${query.sql}`, query.params)
  return rows.map((row) => Object.values(row)[0]).join('\n')
}

async function explainAsOwner(db: Database, query: HotQuery): Promise<string> {
  return db.transaction(async (tx) => {
    await applyRequestContext(tx, {
      role: 'authenticated',
      claims: { sub: BENCH_OWNER_ID, role: 'authenticated', email: BENCH_OWNER_EMAIL },
      method: 'GET',
      path: '/bench',
      headers: {},
    })
    return explain(tx, query)
  })
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zochrim-bench-'))
  const db = await openDatabase({ dataDir, databaseUrl })
  const report: string[] = [
    `# Query plans: ${BOOKS.toLocaleString('en')} books × ${MEMORIES_PER_BOOK} memories (${db.kind})`,
    '',
  ]
  try {
    const started = Date.now()
    await migrate(db, { seed: false })
    await fill(db)
    console.log(`[bench] ${db.kind}: migrated and filled in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    for (const query of await hotQueries(db)) {
      report.push(
        `## ${query.title}`,
        '',
        '```sql',
        query.sql,
        '```',
        '',
        'As the database owner:',
        '',
        '```',
        await explain(db, query),
        '```',
        '',
      )
      if (query.asOwnerThroughRls) {
        report.push(
          'As the signed-in owner, through row-level security:',
          '',
          '```',
          await explainAsOwner(db, query),
          '```',
          '',
        )
      }
    }
  } finally {
    await db.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const markdown = report.join('\n')
  const file = path.resolve('test-results', 'query-plans.md')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, markdown)
  console.log(markdown)
}

await main()
