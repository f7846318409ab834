/**
 * Builds a database twice over, once from supabase/migrations and once from supabase/schemas, so
 * the two catalogues can be compared. PGlite by default; PostgreSQL when given a server's URL.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { PROJECT_ROOT } from '../../supabase/local/config.ts'
import { openDatabase, type Database } from '../../supabase/local/db.ts'
import { applyPlatformBootstrap, migrate } from '../../supabase/local/migrate.ts'

export const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'supabase', 'schemas')

/** The schema files in the order they apply: by name (`NN-<domain>.sql`). */
export function schemaFiles(): string[] {
  return fs
    .readdirSync(SCHEMAS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
}

/** Each schema file in its own transaction, after the platform's bootstrap. */
export async function applySchemaFiles(db: Database, read = (file: string) => fs.readFileSync(file, 'utf8')) {
  await applyPlatformBootstrap(db)
  for (const file of schemaFiles()) {
    const sql = read(path.join(SCHEMAS_DIR, file))
    try {
      await db.transaction((tx) => tx.exec(sql))
    } catch (error) {
      throw new Error(`supabase/schemas/${file} does not apply: ${(error as Error).message}`, { cause: error })
    }
  }
}

export async function applyMigrations(db: Database): Promise<void> {
  await migrate(db, { seed: false })
}

export interface ScratchDatabase {
  db: Database
  drop(): Promise<void>
}

/** A new empty PGlite database in a temporary folder. */
export async function scratchPglite(): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zochrim-schema-'))
  const db = await openDatabase({ dataDir })
  return {
    db,
    drop: async () => {
      await db.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A new empty database on the PostgreSQL server of `serverUrl`, dropped by `drop`. */
export async function scratchPostgres(serverUrl: string): Promise<ScratchDatabase> {
  const name = `zochrim_schema_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  await onServer(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const db = await openDatabase({ dataDir: '', databaseUrl: url.toString() })
  return {
    db,
    drop: async () => {
      await db.close()
      await onServer(serverUrl, `drop database if exists ${name}`)
    },
  }
}
