/** How the built index.html starts the app (scripts/vite-paint-first-plugin.ts). */
import { describe, expect, it } from 'vitest'
import { startAppScript } from '../../scripts/prerender-shell.ts'
import type { OutputBundle } from 'rolldown'
import { bookPageModules, bundleEarlyStart, startAppFromScripts } from '../../scripts/vite-paint-first-plugin.ts'

const page =
  '<head><title>t</title><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-b2.js"><style>p{}</style></head>' +
  '<body><div id="root"></div></body>'

describe('the built page', () => {
  it('names its modules without fetching them, then runs the head script after them and the start script last', () => {
    const html = startAppFromScripts(page, 'EARLY()')
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain(
      '<link data-app-preload data-app-entry crossorigin href="/assets/index-a1.js">' +
        '<link data-app-preload crossorigin href="/assets/runtime-b2.js"><script>EARLY()</script><style>',
    )
    expect(html).toMatch(/<div id="root"><\/div><script>(.+)<\/script><\/body>$/)
    expect(html.endsWith(`<script>${startAppScript}</script></body>`)).toBe(true)
  })

  it('fails the build when the page has no entry to start', () => {
    expect(() => startAppFromScripts('<head></head><body></body>', '')).toThrow(/module script/)
  })

  it('bundles the head script as one classic script with the API address written in', async () => {
    const script = await bundleEarlyStart(
      { VITE_SUPABASE_URL: 'https://abcd.supabase.co', VITE_SUPABASE_PUBLISHABLE_KEY: 'anon-key-of-the-build' },
      { share: ['/assets/ShareLandingPage-s1.js'] },
    )
    expect(script).toContain('/assets/ShareLandingPage-s1.js')
    expect(script).toContain('https://abcd.supabase.co')
    expect(script).toContain('anon-key-of-the-build')
    expect(script).toContain('get_book_card')
    // A classic script may not use module syntax: it would not run at all.
    expect(script).not.toMatch(/import\.meta|^\s*import\s|^\s*export\s/m)
    expect(() => new Function(script)).not.toThrow()
  })
})

function chunk(fileName: string, imports: string[], facade?: string, isEntry = false) {
  return { type: 'chunk', fileName, imports, isEntry, facadeModuleId: facade ? `/app/${facade}` : null }
}

describe('the modules of the book pages', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', ['assets/runtime.js'], 'index.html', true),
    'assets/runtime.js': chunk('assets/runtime.js', []),
    'assets/DataLayout.js': chunk(
      'assets/DataLayout.js',
      ['assets/query.js', 'assets/index.js'],
      'src/app/DataLayout.tsx',
    ),
    'assets/query.js': chunk('assets/query.js', ['assets/runtime.js']),
    'assets/Share.js': chunk(
      'assets/Share.js',
      ['assets/card.js', 'assets/query.js'],
      'src/features/sharing/ShareLandingPage.tsx',
    ),
    'assets/card.js': chunk('assets/card.js', ['assets/index.js']),
    'assets/Add.js': chunk('assets/Add.js', [], 'src/features/add-memory/AddMemoryPage.tsx'),
    'assets/View.js': chunk('assets/View.js', ['assets/card.js'], 'src/features/reading/ViewBookPage.tsx'),
    'assets/Dashboard.js': chunk('assets/Dashboard.js', ['assets/card.js'], 'src/features/dashboard/DashboardPage.tsx'),
  } as unknown as OutputBundle

  it("lists each page's data layout, screen and their static imports, without what the entry already loads", () => {
    expect(bookPageModules(bundle, '/app')).toEqual({
      share: ['/assets/DataLayout.js', '/assets/query.js', '/assets/Share.js', '/assets/card.js'],
      'add-memory': ['/assets/DataLayout.js', '/assets/query.js', '/assets/Add.js'],
      'view-book': ['/assets/DataLayout.js', '/assets/query.js', '/assets/View.js', '/assets/card.js'],
    })
  })

  it("fails the build when a book page's screen is no longer built where it is expected", () => {
    const withoutAddMemory = Object.fromEntries(Object.entries(bundle).filter(([file]) => file !== 'assets/Add.js'))
    expect(() => bookPageModules(withoutAddMemory as OutputBundle, '/app')).toThrow(/AddMemoryPage/)
  })
})
