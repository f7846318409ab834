import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import madge from 'madge'
import { afterAll, describe, expect, it } from 'vitest'

const repoRoot = path.resolve(import.meta.dirname, '..')

/** The import cycles among the files under `roots` (static and lazy imports), as chains of paths. */
async function importCycles(roots: string[], baseDir: string, tsConfig?: string) {
  const graph = await madge(roots, {
    baseDir,
    fileExtensions: ['ts', 'tsx', 'mjs', 'js'],
    tsConfig,
    excludeRegExp: [/node_modules/],
  })
  return { cycles: graph.circular(), skipped: graph.warnings().skipped, files: Object.keys(graph.obj()) }
}

const fixtureRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'))

function writeFixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(fixtureRoot, 'case-'))
  for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), code)
  return dir
}

afterAll(() => fs.rmSync(fixtureRoot, { recursive: true, force: true }))

// Reading and parsing a few hundred files takes seconds on a busy machine.
describe('import cycles', { timeout: 120_000 }, () => {
  it('finds none in the app (with its @/ alias resolved), the local stack, the functions, scripts and tests', async () => {
    const { cycles, skipped, files } = await importCycles(
      ['src', 'scripts', 'e2e', 'tests', 'eslint', 'supabase/local', 'supabase/tests', 'supabase/functions'],
      repoRoot,
      path.join(repoRoot, 'tsconfig.app.json'),
    )
    expect(files).toEqual(
      expect.arrayContaining(['src/main.tsx', 'supabase/local/stack.ts', 'supabase/functions/create-gift/index.ts']),
    )
    expect(cycles).toEqual([])
    // An import left unresolved would hide the cycles through it.
    expect(skipped.filter((specifier) => specifier.startsWith('@/') || specifier.startsWith('.'))).toEqual([])
  })

  it('reports a deliberate cycle, also one closed by a lazy import()', async () => {
    const dir = writeFixture({
      'routes.ts': "export const routes = [{ load: () => import('./page.tsx') }]\n",
      'page.tsx': "import { listing } from './listing.ts'\nexport default listing\n",
      'listing.ts': "import { routes } from './routes.ts'\nexport const listing = routes.length\n",
      'plain-a.ts': "import { b } from './plain-b.ts'\nexport const a = b\n",
      'plain-b.ts': "import { a } from './plain-a.ts'\nexport const b = () => a\n",
    })
    const { cycles } = await importCycles([dir], dir)
    expect(cycles.map((cycle) => [...cycle].sort())).toEqual(
      expect.arrayContaining([
        ['listing.ts', 'page.tsx', 'routes.ts'],
        ['plain-a.ts', 'plain-b.ts'],
      ]),
    )
    expect(cycles).toHaveLength(2)
  })
})
