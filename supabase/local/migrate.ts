/**
 * Brings a database to the app's current schema: Supabase's bootstrap (unless the platform is
 * already there), then supabase/migrations/*.sql in file-name order (each recorded, so never
 * applied twice), then supabase/seed.sql when the database was new.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './db.ts'
import { PROJECT_ROOT } from './config.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'migrations')
const SEED_FILE = path.join(PROJECT_ROOT, 'supabase', 'seed.sql')

export interface MigrationReport {
  applied: string[]
  seeded: boolean
}

async function isNewDatabase(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ exists: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
  )
  return !rows[0]?.exists
}

/**
 * A database that Supabase's own auth and storage migrations built (hosted, or the hosted-shaped
 * database of scripts/hosted-check.ts) already has everything the bootstrap provides, and its
 * non-superuser `postgres` could not run the bootstrap anyway.
 */
export async function hasSupabasePlatform(db: Pick<Database, 'query'>): Promise<boolean> {
  const { rows } = await db.query<{ platform: boolean }>(
    `select to_regclass('auth.schema_migrations') is not null and to_regclass('storage.migrations') is not null as platform`,
  )
  return rows[0]?.platform === true
}

function listMigrationFiles(): string[] {
  if (!fs.existsSync(MIGRATIONS_DIR)) return []
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
}

function versionOf(file: string): { version: string; name: string } {
  const base = file.replace(/\.sql$/, '')
  const [version, ...rest] = base.split('_')
  return { version: version ?? base, name: rest.join('_') }
}

/** What hosted Supabase provides before our SQL runs (skipped where the platform is there). */
export async function applyPlatformBootstrap(db: Database): Promise<void> {
  if (!(await hasSupabasePlatform(db))) await db.exec(fs.readFileSync(path.join(here, 'bootstrap.sql'), 'utf8'))
}

export async function migrate(db: Database, options: { seed?: boolean } = {}): Promise<MigrationReport> {
  const fresh = await isNewDatabase(db)
  await applyPlatformBootstrap(db)

  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
  const done = new Set(rows.map((row) => row.version))
  const applied: string[] = []
  for (const file of listMigrationFiles()) {
    const { version, name } = versionOf(file)
    if (done.has(version)) continue
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        name,
      ])
    })
    applied.push(file)
  }

  const shouldSeed = (options.seed ?? true) && fresh && fs.existsSync(SEED_FILE)
  if (shouldSeed) await db.exec(fs.readFileSync(SEED_FILE, 'utf8'))
  return { applied, seeded: shouldSeed }
}
