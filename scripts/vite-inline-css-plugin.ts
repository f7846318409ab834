/**
 * Puts what every first screen needs into the built index.html, so that a phone's first screen waits
 * for as few requests as possible (a new connection costs round trips before its first byte, and the
 * files in flight share the bandwidth):
 * - The app's stylesheet, instead of a link: the first screen paints from the HTML alone, without a
 *   render-blocking request for the CSS first. The stylesheet (one for the whole app) stays in
 *   dist/assets, named by a disabled link that the browser does not fetch: Vite's loader of lazy
 *   chunks looks for that link and would otherwise download the stylesheet again (and its fonts)
 *   with the first lazy page.
 * - The headings' font (Frank Ruhl Libre 700: the title or the name on every first screen), added by
 *   a script as a FontFace made from the file's bytes. The font is then ready before the first paint,
 *   without a request. (A data: URL in the stylesheet would still be loaded like a file, as a request
 *   of its own made once the text is laid out.) The page's stylesheet then leaves out that face's
 *   @font-face; the file stays in dist/assets for the stylesheet file (and the dev server) that name it.
 * - The favicon, as a data: URL: the browser asks for it while the page loads, taking one of the
 *   connections the fonts need (without any icon link it asks for /favicon.ico instead).
 * The first screen's other fonts, the body text's, are preloaded: text waits for its web font
 * (briefly) before painting, and without the hint the font is only asked for once the page is laid out.
 * The page must stay one that arrives in two round trips (14.6 KB, then twice that): at most 43 KB
 * gzip, which the e2e suite checks.
 */
import { readFileSync } from 'node:fs'
import type { Plugin, Rollup } from 'vite'
import { rewriteIndexHtml } from './built-index-html.ts'

const INLINED_FONT = /^assets\/frank-ruhl-libre-700-[\w-]+\.woff2$/
const PRELOADED_FONTS = [/^assets\/heebo-400-[\w-]+\.woff2$/, /^assets\/heebo-500-[\w-]+\.woff2$/]
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g
const FAVICON_HREF = 'href="/favicon.png"'

function builtFile(bundle: Rollup.OutputBundle, pattern: RegExp): Rollup.OutputAsset {
  const file = Object.values(bundle).find((candidate) => pattern.test(candidate.fileName))
  if (!file || file.type !== 'asset') throw new Error(`No built file matches ${pattern}`)
  return file
}

function fontPreloads(bundle: Rollup.OutputBundle): string {
  return PRELOADED_FONTS.map(
    (pattern) =>
      `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${builtFile(bundle, pattern).fileName}">`,
  ).join('')
}

function fontFaceRule(css: string, fileName: string): string {
  const rule = css.match(/@font-face\s*{[^}]*}/g)?.find((candidate) => candidate.includes(`/${fileName}`))
  if (!rule) throw new Error(`The stylesheet has no @font-face for ${fileName}`)
  return rule
}

/** A script adding the font of the given @font-face rule as a FontFace made from the built file's bytes. */
function fontFaceScript(rule: string, font: Rollup.OutputAsset): string {
  const descriptor = (name: string) => {
    const value = rule.match(new RegExp(`[{;]\\s*${name}:\\s*([^;}]+)`))?.[1]?.trim()
    if (!value) throw new Error(`The @font-face for ${font.fileName} has no ${name}`)
    return value
  }
  const family = descriptor('font-family').replace(/^["']|["']$/g, '')
  const options = { weight: descriptor('font-weight'), unicodeRange: descriptor('unicode-range'), display: 'swap' }
  // A plain loop: Uint8Array.from with a mapping function takes three times as long on a slow phone.
  const base64 = Buffer.from(font.source).toString('base64')
  const bytes = `(s=>{const b=atob(s),a=new Uint8Array(b.length);for(let i=0;i<b.length;i++)a[i]=b.charCodeAt(i);return a})('${base64}')`
  return `<script>document.fonts.add(new FontFace(${JSON.stringify(family)},${bytes},${JSON.stringify(options)}))</script>`
}

function faviconDataUrl(): string {
  const png = readFileSync(new URL('../public/favicon.png', import.meta.url))
  return `data:image/png;base64,${png.toString('base64')}`
}

function withInlineStylesheet(bundle: Rollup.OutputBundle, html: string): string {
  return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
    const stylesheet = bundle[`assets/${fileName}`]
    if (!stylesheet || stylesheet.type !== 'asset') return link
    const css = typeof stylesheet.source === 'string' ? stylesheet.source : new TextDecoder().decode(stylesheet.source)
    const inlinedFont = builtFile(bundle, INLINED_FONT)
    const inlinedFontRule = fontFaceRule(css, inlinedFont.fileName)
    const pageCss = css.replace(inlinedFontRule, '').replaceAll('</style', '<\\/style')
    return (
      `${fontPreloads(bundle)}<style>${pageCss}</style>${fontFaceScript(inlinedFontRule, inlinedFont)}` +
      `<link rel="stylesheet" href="/assets/${fileName}" disabled>`
    )
  })
}

export function inlineStylesheetPlugin(): Plugin {
  return {
    name: 'zochrim:inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      rewriteIndexHtml(bundle, (html) => {
        if (!html.includes(FAVICON_HREF)) throw new Error(`index.html lacks the favicon link (${FAVICON_HREF})`)
        return withInlineStylesheet(bundle, html.replace(FAVICON_HREF, `href="${faviconDataUrl()}"`))
      })
    },
  }
}
