/**
 * What `supabase functions deploy` takes along for each function. Both of the CLI's bundlers find the
 * files beside supabase/functions (contracts/, shared/) the same way: the Docker bundler binds them
 * into its container and the API bundler uploads them, after walking the entry point's imports with
 * one regular expression (`ImportMap.WalkImportPaths`, apps/cli-go/pkg/function/deno.go of Supabase
 * CLI v2.104.0, ported below). An import that walk misses is not bundled, so every local file of each
 * function's real module graph (`deno info`) must be one it finds.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const DENO = path.join(ROOT, 'node_modules', '.bin', 'deno')
const config = parse(fs.readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8'))
const functionNames = Object.keys(config.functions as object)

/** The CLI's `importPathPattern` (Go RE2 with (?i); the same in JavaScript for this pattern). */
const IMPORT_PATH =
  /(?:import|export)\s+(?:type\s+)?(?:{[^{}]+}|.*?)\s*(?:from)?\s*['"](.*?)['"]|import\(\s*['"](.*?)['"]\)/gi

function importMapOf(importMapPath: string): Record<string, string> {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, importMapPath), 'utf8')) as { imports: Record<string, string> })
    .imports
}

/** The files the CLI takes along for an entry point, as paths relative to the repository root. */
function cliImportWalk(entrypoint: string, imports: Record<string, string>): Set<string> {
  const seen = new Set<string>()
  const queue = [entrypoint]
  while (queue.length > 0) {
    const current = queue.pop()!
    if (seen.has(current)) continue
    seen.add(current)
    const file = path.join(ROOT, current)
    if (!fs.existsSync(file)) continue
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT_PATH)) {
      let module = (match[1] || match[2] || '').trim()
      let substituted = false
      for (const [prefix, target] of Object.entries(imports)) {
        if (module.startsWith(prefix)) {
          module = target + module.slice(prefix.length)
          substituted = true
        }
      }
      const relative = module.startsWith('./') || module.startsWith('../')
      if (!path.posix.extname(module) || (!relative && !module.startsWith('/'))) continue
      queue.push(
        path.posix.normalize(relative && !substituted ? path.posix.join(path.posix.dirname(current), module) : module),
      )
    }
  }
  return seen
}

/** The local files of the function's module graph as Deno resolves it (what the runtime loads). */
function localModuleGraph(entrypoint: string, importMapPath: string): string[] {
  const info = JSON.parse(
    execFileSync(DENO, ['info', '--json', '--node-modules-dir=manual', `--config=${importMapPath}`, entrypoint], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as { modules: { specifier: string }[] }
  return info.modules
    .map((module) => module.specifier)
    .filter((specifier) => specifier.startsWith('file:'))
    .map((specifier) => path.relative(ROOT, fileURLToPath(specifier)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'))
    .sort()
}

describe('what a deploy bundles for each function', () => {
  it.each(functionNames)('%s: every local file it imports, contracts/ and shared/ included', (name) => {
    const importMap = path.posix.join(
      'supabase',
      (config.functions as Record<string, { import_map: string }>)[name]!.import_map,
    )
    const entrypoint = `supabase/functions/${name}/index.ts`
    const graph = localModuleGraph(entrypoint, importMap)
    expect(graph).toContain(entrypoint)
    const walked = cliImportWalk(entrypoint, importMapOf(importMap))
    expect(graph.filter((file) => !walked.has(file))).toEqual([])
  })

  it('reaches outside supabase/functions where the functions import contracts/ and shared/', () => {
    const imports = importMapOf('supabase/functions/deno.json')
    const outside = functionNames.flatMap((name) =>
      [...cliImportWalk(`supabase/functions/${name}/index.ts`, imports)].filter(
        (file) => !file.startsWith('supabase/'),
      ),
    )
    expect(outside.some((file) => file.startsWith('contracts/'))).toBe(true)
    expect(outside.some((file) => file.startsWith('shared/'))).toBe(true)
  })

  it('would catch an import the walk misses (a default and named import over several lines)', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'supabase', 'tests', '.walk-'))
    try {
      const rel = path.relative(ROOT, dir).split(path.sep).join('/')
      fs.writeFileSync(path.join(dir, 'helper.ts'), 'export default 1\nexport const two = 2\n')
      fs.writeFileSync(
        path.join(dir, 'index.ts'),
        "import one, {\n  two,\n} from './helper.ts'\nconsole.log(one, two)\n",
      )
      const graph = localModuleGraph(`${rel}/index.ts`, 'supabase/functions/deno.json')
      const walked = cliImportWalk(`${rel}/index.ts`, {})
      expect(graph.filter((file) => !walked.has(file))).toEqual([`${rel}/helper.ts`])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
