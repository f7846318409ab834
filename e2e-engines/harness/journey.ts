/**
 * What the journeys ask of a page, the same in every engine: text shown, an address reached, how
 * many elements match, a file written for upload; and `forEachEngine`, which runs a suite in a
 * fresh WebKit and a fresh Firefox (a screenshot of the page is kept when a test fails).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, type TestContext } from 'vitest'
import { accountsStrings } from '../../src/domains/accounts/strings/accounts'
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

/** Signs in through /login as a person does and waits for the dashboard. */
export async function signIn(page: EnginePage, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login')
  await page.type({ label: accountsStrings.common.email }, user.email)
  await page.type({ label: accountsStrings.common.password }, user.password)
  await page.click({ css: 'main form button[type="submit"]' })
  await waitForPath(page, /^\/dashboard/)
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

/**
 * From now on, in the page shown, the files the app offers as downloads are kept in the page instead
 * of going to the browser's download manager, which WebKitGTK's WebDriver cannot reach: every
 * download of the app is a link to a Blob it made, clicked by src/lib/download.ts. `downloaded`
 * reads one back.
 */
export async function keepDownloads(page: EnginePage): Promise<void> {
  await page.run(`
    if (window.__engineDownloads) return
    window.__engineDownloads = []
    const blobs = new Map()
    const createObjectURL = URL.createObjectURL
    URL.createObjectURL = (object) => {
      const url = createObjectURL.call(URL, object)
      blobs.set(url, object)
      return url
    }
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function () {
      if (!this.download || !blobs.has(this.href)) return click.call(this)
      window.__engineDownloads.push({ name: this.download, blob: blobs.get(this.href) })
    }
  `)
}

export interface DownloadedFile {
  name: string
  type: string
  bytes: Buffer
}

/** The `index`th file the page offered since `keepDownloads`, waiting until it has been offered. */
export async function downloaded(page: EnginePage, index = 0, timeoutMs?: number): Promise<DownloadedFile> {
  const file = await waitUntil(
    `download #${index + 1}`,
    () =>
      page.run<{ name: string; type: string; base64: string } | null>(
        `
        const entry = (window.__engineDownloads || [])[arguments[0]]
        if (!entry) return null
        return entry.blob.arrayBuffer().then((buffer) => {
          const bytes = new Uint8Array(buffer)
          let binary = ''
          for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(at, at + 0x8000))
          return { name: entry.name, type: entry.blob.type, base64: btoa(binary) }
        })
      `,
        index,
      ),
    timeoutMs,
  )
  return { name: file.name, type: file.type, bytes: Buffer.from(file.base64, 'base64') }
}
