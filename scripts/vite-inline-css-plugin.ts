/**
 * Puts the app's stylesheet into the built index.html instead of linking it: the first screen then
 * paints from the HTML alone, without a render-blocking request for the CSS first. The stylesheet
 * (about 11 KB gzip, one for the whole app) stays in dist/assets, named by a disabled link that the
 * browser does not fetch: Vite's loader of lazy chunks looks for that link and would otherwise
 * download the stylesheet again (and its fonts) with the first lazy page.
 * The fonts every first screen's text uses are preloaded beside it: text waits for its web font
 * (briefly) before painting, and without the hint the font is only asked for once the page is laid out.
 */
import type { Plugin } from 'vite'
import { rewriteIndexHtml } from './built-index-html.ts'

/** Body text (regular and medium) and the serif headings: each one file with Hebrew, digits and punctuation. */
const FIRST_SCREEN_FONTS = [
  /^assets\/heebo-400-[\w-]+\.woff2$/,
  /^assets\/heebo-500-[\w-]+\.woff2$/,
  /^assets\/frank-ruhl-libre-700-[\w-]+\.woff2$/,
]

function fontPreloads(fileNames: string[]): string {
  return FIRST_SCREEN_FONTS.map((pattern) => {
    const fileName = fileNames.find((name) => pattern.test(name))
    if (!fileName) throw new Error(`No built font matches ${pattern}`)
    return `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${fileName}">`
  }).join('')
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g

export function inlineStylesheetPlugin(): Plugin {
  return {
    name: 'zochrim:inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      rewriteIndexHtml(bundle, (html) =>
        html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const stylesheet = bundle[`assets/${fileName}`]
          if (!stylesheet || stylesheet.type !== 'asset') return link
          const css =
            typeof stylesheet.source === 'string' ? stylesheet.source : new TextDecoder().decode(stylesheet.source)
          return (
            `${fontPreloads(Object.keys(bundle))}<style>${css.replaceAll('</style', '<\\/style')}</style>` +
            `<link rel="stylesheet" href="/assets/${fileName}" disabled>`
          )
        }),
      )
    },
  }
}
