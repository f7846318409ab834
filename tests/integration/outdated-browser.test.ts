/**
 * What a browser older than the build's targets sees (scripts/vite-outdated-browser-plugin.ts): the
 * page as built, run in jsdom with the CSS features each browser answers for.
 */
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { startAppScript } from '../../scripts/prerender-shell.ts'
import { withOutdatedBrowserNotice } from '../../scripts/vite-outdated-browser-plugin.ts'
import { outdatedBrowserStrings } from '../../src/i18n/outdated-browser.ts'

const builtPage = withOutdatedBrowserNotice(
  '<!doctype html><html lang="he" dir="rtl"><head><meta charset="UTF-8" />' +
    '<style>@layer base{h1{color:color-mix(in srgb,red,blue)}}</style><link rel="stylesheet" href="/assets/app.css">' +
    '<link data-app-preload data-app-entry crossorigin href="/assets/index.js"></head>' +
    `<body><div id="root"><h1>ספר זיכרון דיגיטלי</h1></div><script>${startAppScript}</script></body></html>`,
)

interface Features {
  colorMix: boolean
  layers: boolean
  property: boolean
}

/** The page loaded in a browser that has the given CSS features. */
async function load(features: Features): Promise<Document> {
  const { window } = new JSDOM(builtPage, {
    runScripts: 'dangerously',
    beforeParse(browser: Window) {
      const globals = browser as unknown as Record<string, unknown>
      globals.CSS = {
        supports: (_property: string, value: string) => features.colorMix && value.startsWith('color-mix('),
      }
      if (features.layers) globals.CSSLayerBlockRule = function CSSLayerBlockRule() {}
      if (features.property) globals.CSSPropertyRule = function CSSPropertyRule() {}
    },
  })
  if (window.document.readyState === 'loading') {
    await new Promise((resolve) => window.document.addEventListener('DOMContentLoaded', resolve))
  }
  return window.document
}

const appStarted = (document: Document) => document.querySelector('head script[type="module"]') !== null

describe('a browser older than the build targets', () => {
  it.each([
    ['Safari 15.4–16.1 (cascade layers, no color-mix)', { colorMix: false, layers: true, property: false }],
    ['Safari 16.2–16.3 (no @property)', { colorMix: true, layers: true, property: false }],
    [
      'Chrome 99–110, Firefox 113–127 (no @property in Firefox, no color-mix in Chrome)',
      { colorMix: false, layers: true, property: true },
    ],
    ['a browser without cascade layers (iOS 15.3, Chrome 98)', { colorMix: false, layers: false, property: true }],
  ])(
    '%s: a readable Hebrew notice naming the supported browsers, no half-applied styles, no app',
    async (_name, features) => {
      const document = await load(features)
      expect(document.querySelector('h1')?.textContent).toBe(outdatedBrowserStrings.title)
      const text = document.body.textContent ?? ''
      for (const browser of outdatedBrowserStrings.browsers) expect(text).toContain(browser)
      expect(document.querySelectorAll('style, link[rel="stylesheet"]')).toHaveLength(0)
      expect(document.getElementById('root')).toBeNull()
      expect(appStarted(document)).toBe(false)
      expect(document.documentElement.getAttribute('dir')).toBe('rtl')
    },
  )
})

describe('a supported browser', () => {
  it('gets the page as built and the app starts', async () => {
    const document = await load({ colorMix: true, layers: true, property: true })
    expect(document.querySelector('h1')?.textContent).toBe('ספר זיכרון דיגיטלי')
    expect(document.querySelectorAll('style, link[rel="stylesheet"]')).toHaveLength(2)
    expect(appStarted(document)).toBe(true)
  })
})

it('the check is written in syntax the oldest browsers parse: no arrow functions, let, const or classes', () => {
  const script = /<script>(.*?)<\/script>/.exec(builtPage)![1]!
  expect(script).not.toMatch(/=>|\blet\b|\bconst\b|\bclass\b|`/)
  expect(script).not.toContain('</')
})
