/** The landing page's HTML that the build writes into index.html (scripts/vite-prerender-plugin.ts). */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { renderWithVite } from '../../scripts/vite-prerender-plugin.ts'
import { he } from '../../src/i18n/he'

const root = fileURLToPath(new URL('../..', import.meta.url))
const config = {
  root,
  mode: 'production',
  envDir: root,
  // The build's own aliases (vite.config.ts), in the order that lets '@contracts' and '@shared' win over '@'.
  resolve: {
    alias: [
      { find: '@contracts', replacement: `${root}contracts` },
      { find: '@shared', replacement: `${root}shared` },
      { find: '@', replacement: `${root}src` },
    ],
  },
}

describe('the prerendered landing page', () => {
  it('holds the whole first screen, signed out, with nothing left for the client to render', async () => {
    const html = await renderWithVite(config, (module) => module.renderPage('/'))
    expect(html).toContain(`<h1 id="hero-title"`)
    expect(html).toContain(he.landing.hero.title)
    expect(html).toContain('<main id="main-content"')
    expect(html).toContain(he.header.login)
    expect(html).toContain(he.landing.faq.title)
    // A Suspense boundary that suspended while rendering leaves this marker and mismatches on hydration.
    expect(html).not.toContain('<!--$!-->')
    expect(html).not.toContain(he.common.pageLoading)
  }, 120_000)
})
