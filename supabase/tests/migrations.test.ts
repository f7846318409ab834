/**
 * The migrations apply from scratch and are recorded, so migrating again applies nothing and does
 * not seed again: on a throwaway PGlite here, and on the stack's own database (PGlite, or the
 * PostgreSQL server of DATABASE_URL) through the stack.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../local/db.ts'
import { MIGRATIONS_DIR, migrate } from '../local/migrate.ts'
import { sql } from '../local/testing/index.ts'

const files = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort()
const versions = files.map((file) => file.split('_')[0]!)

describe('migrations', () => {
  it('apply from scratch on a new PGlite, seed once, and are not re-applied', { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zochrim-migrate-'))
    const db = await openDatabase({ dataDir })
    try {
      const first = await migrate(db)
      expect(first).toEqual({ applied: files, seeded: true })
      const second = await migrate(db)
      expect(second).toEqual({ applied: [], seeded: false })

      const recorded = await db.query<{ version: string }>(
        `select "version" from "supabase_migrations"."schema_migrations" order by "version"`,
      )
      expect(recorded.rows.map((row) => row.version)).toEqual(versions)
      const demoUsers = await db.query<{ count: number }>(
        `select count(*)::int as "count" from "auth"."users" where "email" like '%@zochrim.local'`,
      )
      expect(demoUsers.rows[0]!.count).toBe(6)
    } finally {
      await db.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it("are all recorded in the running stack's database", async () => {
    const recorded = await sql<{ version: string }>(
      `select "version" from "supabase_migrations"."schema_migrations" order by "version"`,
    )
    expect(recorded.map((row) => row.version)).toEqual(expect.arrayContaining(versions))
  })
})
