/** The built index.html starts the app after its first paint (scripts/vite-paint-first-plugin.ts). */
import { describe, expect, it } from 'vitest'
import { startAppScript } from '../../scripts/prerender-shell.ts'
import { paintFirstPlugin } from '../../scripts/vite-paint-first-plugin.ts'

function built(html: string): string {
  const bundle = { 'index.html': { type: 'asset', fileName: 'index.html', source: html } }
  const generate = paintFirstPlugin().generateBundle as (options: unknown, bundle: unknown) => void
  generate.call({}, {}, bundle)
  return bundle['index.html'].source
}

const page =
  '<head><script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body>'

describe('the built page', () => {
  it('fetches the entry early but runs it from the start script at the end of the body', () => {
    const html = built(page)
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-a1.js" data-app-entry>')
    expect(html).toMatch(new RegExp(`<div id="root"></div><script>${escape(startAppScript)}</script></body>$`))
  })

  it('fails the build when the page has no entry to start', () => {
    expect(() => built('<head></head><body></body>')).toThrow(/module script/)
  })
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
