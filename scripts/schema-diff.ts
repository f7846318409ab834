/**
 * `npx tsx scripts/schema-diff.ts`: builds one PGlite database from supabase/migrations and one from
 * supabase/schemas and prints how their catalogues differ (nothing when they are equal). Exit 1 on
 * a difference. The same comparison runs in `npm test` (tests/schema/schema-files.test.ts).
 */
import { diffCatalogues, formatDifferences, readCatalogue } from '../tests/schema/catalogue.ts'
import { applyMigrations, applySchemaFiles, scratchPglite } from '../tests/schema/build.ts'

const started = Date.now()
const [fromMigrations, fromSchemas] = [await scratchPglite(), await scratchPglite()]
try {
  await applyMigrations(fromMigrations.db)
  await applySchemaFiles(fromSchemas.db)
  const differences = diffCatalogues(await readCatalogue(fromMigrations.db), await readCatalogue(fromSchemas.db))
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (differences.length === 0)
    console.log(`supabase/schemas and supabase/migrations give the same catalogue (${seconds} s)`)
  else {
    console.log(formatDifferences(differences, { left: 'migrations', right: 'schema files' }))
    console.log(`\n${differences.length} differences (${seconds} s)`)
    process.exitCode = 1
  }
} finally {
  await fromMigrations.drop()
  await fromSchemas.drop()
}
