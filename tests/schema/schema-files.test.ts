/**
 * supabase/schemas (the database as it stands) and supabase/migrations (how changes reach a
 * database) must build the same catalogue: tables, columns, constraints, indexes, row-level
 * security, policies, grants, functions with their bodies and attributes, triggers, views, types,
 * comments. A change is written in both; this test fails, with the differences, when they part.
 * It runs on PGlite, and also on the PostgreSQL server of TEST_DATABASE_URL when that is set (two
 * scratch databases there, dropped afterwards).
 * Run it alone: `npx vitest run --project schema` (or `npx tsx scripts/schema-diff.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigrations, applySchemaFiles, scratchPglite, scratchPostgres, type ScratchDatabase } from './build.ts'
import { diffCatalogues, formatDifferences, readCatalogue, type Catalogue } from './catalogue.ts'

const LABELS = { left: 'migrations', right: 'schema files' }

const serverUrl = process.env.TEST_DATABASE_URL
const engines: { name: string; scratch: () => Promise<ScratchDatabase> }[] = [
  { name: 'PGlite', scratch: scratchPglite },
  ...(serverUrl ? [{ name: 'PostgreSQL', scratch: () => scratchPostgres(serverUrl) }] : []),
]

describe.each(engines)('supabase/schemas on $name', ({ scratch }) => {
  let fromMigrations: ScratchDatabase
  let fromSchemas: ScratchDatabase
  let migrationsCatalogue: Catalogue

  beforeAll(async () => {
    ;[fromMigrations, fromSchemas] = [await scratch(), await scratch()]
    await applyMigrations(fromMigrations.db)
    await applySchemaFiles(fromSchemas.db)
    migrationsCatalogue = await readCatalogue(fromMigrations.db)
  }, 300_000)

  afterAll(async () => {
    await fromMigrations?.drop()
    await fromSchemas?.drop()
  })

  it('builds the catalogue the migrations build', async () => {
    const differences = diffCatalogues(migrationsCatalogue, await readCatalogue(fromSchemas.db))
    expect(formatDifferences(differences, LABELS), 'write the change in both places').toBe('')
    expect(migrationsCatalogue.size).toBeGreaterThan(1000)
  })

  it('reports a policy that the schema files state differently, and only that', async () => {
    const policy = 'policy public.memory_books "owners and platform admins read books"'
    expect(migrationsCatalogue.get(policy)).toContain('private.is_platform_admin()')
    // One policy of the schema files, stated differently: owners only, platform admins forgotten.
    const ownersOnly = `owner_email = (select private.current_user_email())`
    await fromSchemas.db.exec(
      `alter policy "owners and platform admins read books" on public.memory_books using (${ownersOnly})`,
    )
    try {
      const differences = diffCatalogues(migrationsCatalogue, await readCatalogue(fromSchemas.db))
      expect(differences.map((difference) => difference.key)).toEqual([policy])
      const report = formatDifferences(differences, LABELS)
      expect(report).toContain(`~ ${policy}`)
      expect(report).toMatch(/schema files: PERMISSIVE SELECT to authenticated using \(owner_email = \( SELECT/)
      expect(report).not.toMatch(/schema files: .*is_platform_admin/)
    } finally {
      await fromSchemas.db.exec(`drop policy "owners and platform admins read books" on public.memory_books`)
    }
  })
})
