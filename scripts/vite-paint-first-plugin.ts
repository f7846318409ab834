/**
 * The built index.html starts the app's code after the first paint (startAppScript) instead of
 * with a module script tag, which the browser evaluates before it paints anything: on a slow phone
 * the prerendered landing then appears without waiting for React to be compiled and run.
 */
import type { Plugin } from 'vite'
import { rewriteIndexHtml } from './built-index-html.ts'
import { startAppScript } from './prerender-shell.ts'

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/

export function paintFirstPlugin(): Plugin {
  return {
    name: 'zochrim:paint-first',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      rewriteIndexHtml(bundle, (html) => {
        const entry = ENTRY_SCRIPT.exec(html)
        if (!entry) throw new Error('index.html lacks the module script of the entry')
        if (!html.includes('</body>')) throw new Error('index.html lacks </body>')
        return html
          .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>`)
          .replace('</body>', `<script>${startAppScript}</script></body>`)
      })
    },
  }
}
