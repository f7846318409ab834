/**
 * The built index.html carries the stylesheet, the headings' font, the favicon and the body fonts'
 * hints (scripts/vite-inline-css-plugin.ts).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { inlineStylesheetPlugin } from '../../scripts/vite-inline-css-plugin.ts'

const headingFont = 'frank-ruhl-libre-700-d4.woff2'
const headingFontBytes = new Uint8Array([119, 79, 70, 50, 0, 1, 255, 128])
const fonts = [
  'heebo-400-a1.woff2',
  'heebo-500--b2.woff2',
  headingFont,
  'frank-ruhl-libre-400-c3.woff2',
  'heebo-latin-400-normal-e5.woff2',
]
const headingFace =
  `@font-face{font-family:"Frank Ruhl Libre";font-style:normal;font-display:swap;font-weight:700;` +
  `src:url(/assets/${headingFont})format("woff2");unicode-range:U+20-60,U+590-5FF}`
const bodyFace = '@font-face{font-family:Heebo;font-weight:400;src:url(/assets/heebo-400-a1.woff2)}'

function asset(fileName: string, source: string | Uint8Array) {
  return { type: 'asset', fileName, source } as const
}

function builtPage(html: string, css: string, fontFiles = fonts): string {
  const bundle: Record<string, unknown> = {
    'index.html': asset('index.html', html),
    'assets/index-x1.css': asset('assets/index-x1.css', css),
  }
  for (const font of fontFiles) {
    bundle[`assets/${font}`] = asset(`assets/${font}`, font === headingFont ? headingFontBytes : new Uint8Array())
  }
  const plugin = inlineStylesheetPlugin()
  const generate = plugin.generateBundle as (options: unknown, bundle: unknown) => void
  generate.call({}, {}, bundle)
  return (bundle['index.html'] as { source: string }).source
}

const page =
  '<head><link rel="icon" type="image/png" href="/favicon.png">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-x1.css"></head><body></body>'

/** Runs the page's inline scripts against a stand-in FontFace API and returns the faces they add. */
function facesAddedBy(html: string) {
  const added: { family: string; bytes: Uint8Array; descriptors: Record<string, string> }[] = []
  class FontFace {
    constructor(family: string, bytes: Uint8Array, descriptors: Record<string, string>) {
      added.push({ family, bytes, descriptors })
    }
  }
  const document = { fonts: { add: () => {} } }
  for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    new Function('document', 'FontFace', 'atob', script!)(document, FontFace, atob)
  }
  return added
}

describe('the built page', () => {
  it('holds the stylesheet itself instead of linking it', () => {
    const html = builtPage(page, `body{color:red}${headingFace}`)
    expect(html).toContain('<style>body{color:red}</style>')
    // Only a disabled link, which the browser does not fetch, remains: the lazy chunks' loader
    // finds the stylesheet already on the page instead of downloading it again.
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/index-x1.css" disabled>',
    ])
  })

  it("adds the headings' font from its bytes in the page, and leaves its file out of the page's stylesheet", () => {
    const html = builtPage(page, `${bodyFace}${headingFace}`)
    expect(html).not.toContain(headingFont)
    expect(html).toContain(`<style>${bodyFace}</style>`)
    expect(facesAddedBy(html)).toEqual([
      {
        family: 'Frank Ruhl Libre',
        bytes: headingFontBytes,
        descriptors: { weight: '700', unicodeRange: 'U+20-60,U+590-5FF', display: 'swap' },
      },
    ])
  })

  it('preloads the two body fonts of the first screen, and no other', () => {
    const html = builtPage(page, headingFace)
    const preloaded = [...html.matchAll(/<link rel="preload" as="font"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1])
    expect(preloaded).toEqual(fonts.slice(0, 2))
    expect(html).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin href=/)
  })

  it('holds the favicon itself', () => {
    const html = builtPage(page, headingFace)
    const favicon = readFileSync(new URL('../../public/favicon.png', import.meta.url)).toString('base64')
    expect(html).toContain(`<link rel="icon" type="image/png" href="data:image/png;base64,${favicon}">`)
    expect(html).not.toContain('/favicon.png')
  })

  it('cannot end its style element early from inside the CSS', () => {
    const html = builtPage(page, `${headingFace}a::after{content:"</style><script>"}`)
    expect(html.match(/<\/style>/g)).toHaveLength(1)
  })

  it('fails the build when a first-screen font or its @font-face is missing, rather than hinting at nothing', () => {
    expect(() => builtPage(page, headingFace, fonts.slice(1))).toThrow(/heebo-400/)
    expect(() =>
      builtPage(
        page,
        headingFace,
        fonts.filter((font) => font !== headingFont),
      ),
    ).toThrow(/frank-ruhl/)
    expect(() => builtPage(page, bodyFace)).toThrow(/no @font-face for assets\/frank-ruhl-libre-700/)
  })
})
