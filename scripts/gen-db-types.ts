/**
 * `npm run gen:types`: writes contracts/database.ts from the schema the migrations build. Without
 * DATABASE_URL it applies every migration to a fresh in-memory-sized PGlite database in a
 * temporary folder; with DATABASE_URL it reads that (already migrated) database.
 * `--check` writes nothing and fails when the file differs.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PROJECT_ROOT } from '../supabase/local/config.ts'
import { openDatabase } from '../supabase/local/db.ts'
import { migrate } from '../supabase/local/migrate.ts'
import { databaseTypes } from './db-types.ts'

const target = path.join(PROJECT_ROOT, 'contracts', 'database.ts')
const check = process.argv.includes('--check')
const databaseUrl = process.env.DATABASE_URL
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zochrim-types-'))

const db = await openDatabase({ dataDir, databaseUrl })
try {
  if (!databaseUrl) await migrate(db)
  const source = await databaseTypes(async (text) => (await db.query(text)).rows as never[], target)
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''
  if (check) {
    if (current !== source) {
      console.error('contracts/database.ts is not what the migrations give: run `npm run gen:types`.')
      process.exitCode = 1
    } else console.log('contracts/database.ts matches the schema.')
  } else if (current === source) console.log('contracts/database.ts is up to date.')
  else {
    fs.writeFileSync(target, source)
    console.log('wrote contracts/database.ts')
  }
} finally {
  await db.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
