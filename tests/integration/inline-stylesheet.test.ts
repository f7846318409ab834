/** The built index.html carries the stylesheet and the first screen's font hints (scripts/vite-inline-css-plugin.ts). */
import { describe, expect, it } from 'vitest'
import { inlineStylesheetPlugin } from '../../scripts/vite-inline-css-plugin.ts'

const fonts = [
  'heebo-400-a1.woff2',
  'heebo-500--b2.woff2',
  'frank-ruhl-libre-700-d4.woff2',
  'frank-ruhl-libre-400-c3.woff2',
  'heebo-latin-400-normal-e5.woff2',
]

function asset(fileName: string, source: string) {
  return { type: 'asset', fileName, source } as const
}

function builtPage(html: string, css: string, fontFiles = fonts): string {
  const bundle: Record<string, unknown> = {
    'index.html': asset('index.html', html),
    'assets/index-x1.css': asset('assets/index-x1.css', css),
  }
  for (const font of fontFiles) bundle[`assets/${font}`] = asset(`assets/${font}`, '')
  const plugin = inlineStylesheetPlugin()
  const generate = plugin.generateBundle as (options: unknown, bundle: unknown) => void
  generate.call({}, {}, bundle)
  return (bundle['index.html'] as { source: string }).source
}

const page = '<head><link rel="stylesheet" crossorigin href="/assets/index-x1.css"></head><body></body>'

describe('the built page', () => {
  it('holds the stylesheet itself instead of linking it', () => {
    const html = builtPage(page, 'body{color:red}')
    expect(html).toContain('<style>body{color:red}</style>')
    // Only a disabled link, which the browser does not fetch, remains: the lazy chunks' loader
    // finds the stylesheet already on the page instead of downloading it again.
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/index-x1.css" disabled>',
    ])
  })

  it('preloads the three fonts of the first screen, and no other', () => {
    const html = builtPage(page, '')
    const preloaded = [...html.matchAll(/<link rel="preload" as="font"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1])
    expect(preloaded).toEqual(fonts.slice(0, 3))
    expect(html).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin href=/)
  })

  it('cannot end its style element early from inside the CSS', () => {
    const html = builtPage(page, 'a::after{content:"</style><script>"}')
    expect(html.match(/<\/style>/g)).toHaveLength(1)
  })

  it('fails the build when a first-screen font is missing, rather than hinting at nothing', () => {
    expect(() => builtPage(page, '', fonts.slice(1))).toThrow(/heebo-400/)
  })
})
