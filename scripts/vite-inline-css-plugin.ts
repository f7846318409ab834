/**
 * Puts the app's stylesheet into the built index.html instead of linking it: the first screen then
 * paints from the HTML alone, without a render-blocking request for the CSS first. The stylesheet
 * (about 11 KB gzip, one for the whole app) stays in dist/assets for anything that links it.
 */
import type { Plugin } from 'vite'

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g

export function inlineStylesheetPlugin(): Plugin {
  return {
    name: 'zochrim:inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html']
      if (!page || page.type !== 'asset' || typeof page.source !== 'string') return
      page.source = page.source.replace(STYLESHEET_LINK, (link, fileName: string) => {
        const stylesheet = bundle[`assets/${fileName}`]
        if (!stylesheet || stylesheet.type !== 'asset') return link
        const css =
          typeof stylesheet.source === 'string' ? stylesheet.source : new TextDecoder().decode(stylesheet.source)
        return `<style>${css.replaceAll('</style', '<\\/style')}</style>`
      })
    },
  }
}
