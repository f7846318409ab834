/**
 * The built index.html starts the app's code itself instead of with Vite's module script tag, which
 * the browser evaluates before it paints anything:
 * - The module links stay in the head without `rel` (nothing is fetched yet). The head script
 *   (src/early-start.ts, bundled here and inlined after them) fetches them at once on every page but
 *   the prerendered landing, and asks for a book page's card with the HTML.
 * - The start script at the end of the body runs the entry: on the landing after the first paint,
 *   so its text appears before any JavaScript is downloaded or evaluated.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type OutputBundle, type OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { rewriteIndexHtml } from './built-index-html.ts'
import { startAppScript } from './prerender-shell.ts'

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g
const EARLY_START_SOURCE = fileURLToPath(new URL('../src/early-start.ts', import.meta.url))

/** Each `import.meta.env.NAME` becomes its value; any other (a classic script has no import.meta) undefined. */
function envDefines(env: Record<string, unknown>): Record<string, string> {
  const defines: Record<string, string> = { 'import.meta.env': '{}' }
  for (const [name, value] of Object.entries(env)) defines[`import.meta.env.${name}`] = JSON.stringify(value)
  return defines
}

/** The screens of the book pages a relative opens from a link; all of them render inside the data layout. */
const BOOK_PAGE_SCREENS: Record<string, string> = {
  share: 'src/features/sharing/ShareLandingPage.tsx',
  'add-memory': 'src/features/add-memory/AddMemoryPage.tsx',
  'view-book': 'src/features/reading/ViewBookPage.tsx',
}
const DATA_LAYOUT = 'src/app/DataLayout.tsx'

/** Per kind of book page, the files of its screen's chunks and their static imports, beyond the entry's. */
export function bookPageModules(bundle: OutputBundle, root: string): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const closure = (start: OutputChunk[], into = new Set<string>()) => {
    for (const chunk of start) {
      if (into.has(chunk.fileName)) continue
      into.add(chunk.fileName)
      closure(
        chunk.imports.map((file) => byFile.get(file)!),
        into,
      )
    }
    return into
  }
  const chunkOf = (source: string) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, source))
    if (!chunk) throw new Error(`No chunk is built from ${source}`)
    return chunk
  }
  const entryFiles = closure(chunks.filter((chunk) => chunk.isEntry))
  return Object.fromEntries(
    Object.entries(BOOK_PAGE_SCREENS).map(([page, source]) => [
      page,
      [...closure([chunkOf(DATA_LAYOUT), chunkOf(source)])]
        .filter((file) => !entryFiles.has(file))
        .map((file) => `/${file}`),
    ]),
  )
}

/** src/early-start.ts as one classic script, with the build's environment and the book pages' modules written in. */
export async function bundleEarlyStart(
  env: Record<string, unknown>,
  modulesOfBookPages: Record<string, string[]> = {},
): Promise<string> {
  const { output } = await build({
    input: EARLY_START_SOURCE,
    write: false,
    logLevel: 'silent',
    resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
    transform: {
      define: { ...envDefines(env), __BOOK_PAGE_MODULES__: JSON.stringify(modulesOfBookPages) },
    },
    output: { format: 'iife', minify: true },
  })
  const [chunk] = output
  if (!chunk || output.length !== 1) throw new Error('src/early-start.ts must bundle into one script')
  return chunk.code.trim().replaceAll('</script', '<\\/script')
}

/** The page's module links without `rel`, the head script after them, the start script at the end. */
export function startAppFromScripts(html: string, earlyStart: string): string {
  const entry = ENTRY_SCRIPT.exec(html)
  if (!entry) throw new Error('index.html lacks the module script of the entry')
  if (!html.includes('</body>')) throw new Error('index.html lacks </body>')
  const links = html
    .replace(entry[0], `<link data-app-preload data-app-entry crossorigin href="${entry[1]}">`)
    .replace(MODULE_PRELOAD, '<link data-app-preload crossorigin href="$1">')
  const lastLink = [...links.matchAll(/<link data-app-preload[^>]*>/g)].at(-1)!
  const afterLinks = lastLink.index + lastLink[0].length
  return `${links.slice(0, afterLinks)}<script>${earlyStart}</script>${links.slice(afterLinks)}`.replace(
    '</body>',
    `<script>${startAppScript}</script></body>`,
  )
}

export function paintFirstPlugin(): Plugin {
  let env: Record<string, unknown> = {}
  let root = ''
  return {
    name: 'zochrim:paint-first',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      env = config.env
      root = config.root
    },
    async generateBundle(_options, bundle) {
      if (!bundle['index.html']) return
      const earlyStart = await bundleEarlyStart(env, bookPageModules(bundle, root))
      rewriteIndexHtml(bundle, (html) => startAppFromScripts(html, earlyStart))
    },
  }
}
