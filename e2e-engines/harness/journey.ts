/**
 * What the journeys ask of a page, the same in every engine: text shown, an address reached, how
 * many elements match, a file written for upload; and `forEachEngine`, which runs a suite in a
 * fresh WebKit and a fresh Firefox (a screenshot of the page is kept when a test fails).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, type TestContext } from 'vitest'
import { ENGINES, openEngine, waitUntil, type EngineName, type EnginePage } from './engine.ts'

const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5174'
export const proxyUrl = process.env.ENGINES_PROXY_URL ?? ''

const SHOTS = 'test-results/engines'

/** The page's visible text, spaces squashed. */
export function pageText(page: EnginePage): Promise<string> {
  return page.run<string>(`return document.body.innerText.replace(/\\s+/g, ' ')`)
}

export function waitForText(page: EnginePage, text: string): Promise<string> {
  const wanted = text.replace(/\s+/g, ' ')
  return waitUntil(`"${text}" on the page`, async () => (await pageText(page)).includes(wanted) && wanted)
}

export function waitForPath(page: EnginePage, pattern: RegExp): Promise<string> {
  return waitUntil(`an address matching ${pattern}`, async () => {
    const url = new URL(await page.url())
    return pattern.test(url.pathname + url.search) && url.toString()
  })
}

export function countOf(page: EnginePage, css: string): Promise<number> {
  return page.run<number>('return document.querySelectorAll(arguments[0]).length', css)
}

/** Waits for `count` elements matching `css`, scrolling down meanwhile (sections load as they near the screen). */
export function waitForCount(page: EnginePage, css: string, count: number): Promise<boolean> {
  return waitUntil(`${count} × ${css}`, async () => {
    if ((await countOf(page, css)) === count) return true
    await page.run('window.scrollBy(0, window.innerHeight / 2)')
    return false
  })
}

/** Writes `bytes` to a temporary file named `name` and returns its path (for `upload`). */
export function fileToUpload(name: string, bytes: Buffer): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'engines-upload-'))
  const file = path.join(folder, name)
  fs.writeFileSync(file, bytes)
  return file
}

/**
 * Runs `suite` once per engine with a page of its own: `page()` gives it. Each engine's browser
 * opens before its tests and closes after them; a failed test leaves a screenshot in
 * test-results/engines/.
 */
export function forEachEngine(title: string, suite: (page: () => EnginePage, engine: EngineName) => void): void {
  for (const engine of ENGINES) {
    describe(`${engine}: ${title}`, () => {
      let current: EnginePage | undefined
      beforeAll(async () => {
        current = await openEngine(engine, baseUrl)
      })
      afterEach(async (context: TestContext) => {
        if (context.task.result?.state !== 'fail' || !current) return
        fs.mkdirSync(SHOTS, { recursive: true })
        const name = `${engine}-${context.task.name.replace(/[^\w\u0590-\u05ff]+/g, '-').slice(0, 80)}.png`
        await current.screenshot(path.join(SHOTS, name)).catch(() => undefined)
      })
      afterAll(async () => {
        await current?.close()
      })
      suite(() => {
        if (!current) throw new Error(`${engine} did not open`)
        return current
      }, engine)
    })
  }
}
