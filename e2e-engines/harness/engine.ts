/**
 * One page API over the two engines Playwright cannot drive here: WebKit (Debian's WebKitGTK
 * MiniBrowser through its WebKitWebDriver, classic WebDriver via selenium-webdriver) and Firefox
 * ESR (WebDriver BiDi, which Firefox speaks itself, via puppeteer-core). The journeys are written
 * once against `EnginePage` and run in both. Elements are found in the page by CSS, by their label
 * or by their text (`find`), then typed into and clicked with the engine's own input events.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver'

export type EngineName = 'webkit' | 'firefox'

export const ENGINES: EngineName[] = process.env.ENGINES_ONLY
  ? [process.env.ENGINES_ONLY as EngineName]
  : ['webkit', 'firefox']

/** The phone the journeys run on: 412 × 915 CSS pixels. */
export const PHONE = { width: 412, height: 915 }

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
const FIREFOX = '/usr/bin/firefox-esr'

/** How to find one element: CSS, the text of its label (a form control), or its visible text. */
export type Target = { css: string } | { label: string } | { text: string | RegExp; within?: string }

export interface EnginePage {
  readonly engine: EngineName
  /** Opens a path of the app (or a full URL) and waits for the document to load. */
  goto(pathOrUrl: string): Promise<void>
  reload(): Promise<void>
  url(): Promise<string>
  /** Runs `body` as a function in the page with `args` (JSON values) and returns its JSON result. */
  run<T>(body: string, ...args: unknown[]): Promise<T>
  /** Real key presses into the element (after focusing it by a click). */
  type(target: Target, text: string): Promise<void>
  /** Empties a text field, then types. */
  fill(target: Target, text: string): Promise<void>
  click(target: Target): Promise<void>
  /** One key pressed on what has focus: a key name of `KEYS`. */
  key(key: keyof typeof KEYS): Promise<void>
  /** Files chosen in an `<input type=file>` (absolute paths). */
  upload(target: Target, files: string[]): Promise<void>
  screenshot(file: string): Promise<void>
  close(): Promise<void>
}

/** The keys a journey presses, as each driver names them. */
export const KEYS = {
  ArrowLeft: { webdriver: Key.ARROW_LEFT, puppeteer: 'ArrowLeft' },
  ArrowRight: { webdriver: Key.ARROW_RIGHT, puppeteer: 'ArrowRight' },
  Escape: { webdriver: Key.ESCAPE, puppeteer: 'Escape' },
  Tab: { webdriver: Key.TAB, puppeteer: 'Tab' },
} as const

/** Marks the element a target names with a fresh attribute and returns a CSS selector for it. */
const MARK_SCRIPT = `
  const [target, mark] = arguments
  const visible = (element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
  }
  const squash = (text) => (text || '').replace(/\\s+/g, ' ').trim()
  const matches = (text) =>
    target.text.regex ? new RegExp(target.text.regex, target.text.flags).test(text) : text === target.text.exact
  let found = null
  if (target.css) found = [...document.querySelectorAll(target.css)].find((e) => visible(e) || e.type === 'file') || document.querySelector(target.css)
  else if (target.label) {
    for (const label of document.querySelectorAll('label')) {
      if (!squash(label.textContent).startsWith(target.label)) continue
      const control = label.control || (label.htmlFor && document.getElementById(label.htmlFor))
      if (control) { found = control; break }
    }
    if (!found) found = [...document.querySelectorAll('[aria-label]')].find((e) => e.getAttribute('aria-label') === target.label)
  } else {
    const scope = target.within ? document.querySelector(target.within) : document.body
    const candidates = scope ? [...scope.querySelectorAll('button, a, [role=button], [role=radio], [role=tab], label, h1, h2, h3, p, span, li, div, td, option')] : []
    found = candidates.find((e) => visible(e) && (matches(squash(e.textContent)) || matches(squash(e.getAttribute('aria-label')))))
  }
  // Like a person, a journey waits for a control to be enabled before using it.
  if (!found || found.disabled || found.getAttribute('aria-disabled') === 'true' || found.getAttribute('aria-busy') === 'true') return null
  found.setAttribute('data-engine-mark', mark)
  found.scrollIntoView({ block: 'center', behavior: 'instant' })
  return '[data-engine-mark="' + mark + '"]'
`

function serialiseTarget(target: Target): Record<string, unknown> {
  if ('text' in target) {
    const text =
      target.text instanceof RegExp ? { regex: target.text.source, flags: target.text.flags } : { exact: target.text }
    return { text, within: target.within }
  }
  return target
}

function describeTarget(target: Target): string {
  if ('css' in target) return target.css
  if ('label' in target) return `label "${target.label}"`
  return `text ${String(target.text)}`
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long a journey waits for something to appear before it fails: generous, for a busy CI machine. */
const WAIT_MS = 30_000

/** Polls `probe` until it returns a truthy value; throws with `what` when `WAIT_MS` runs out. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value) return value
    } catch (error) {
      lastError = error
    }
    if (Date.now() > deadline) {
      throw new Error(`waited ${timeoutMs / 1000} s for ${what}${lastError ? `: ${String(lastError)}` : ''}`)
    }
    await sleep(200)
  }
}

let marks = 0

/**
 * A book page first shows a painted copy of its first screen (src/domains/book/lib/book-shell.ts)
 * until the app has rendered its own; a journey acts on the app's screen, as a person does a moment later.
 */
function appRendered(page: Pick<EnginePage, 'run'>): Promise<boolean> {
  return waitUntil('the app to render its screen', () =>
    page.run<boolean>(
      `return document.readyState === 'complete' && document.documentElement.dataset.prerender !== 'book-shell'`,
    ),
  )
}

/** The selector of the element `target` names, waiting until it is there. */
async function locate(page: Pick<EnginePage, 'run'>, target: Target): Promise<string> {
  return waitUntil(describeTarget(target), () => {
    marks += 1
    return page.run<string | null>(MARK_SCRIPT, serialiseTarget(target), String(marks))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** selenium's executeScript takes a function body that reads `arguments`. */
class WebKitPage implements EnginePage {
  readonly engine = 'webkit' as const
  constructor(
    private readonly driver: WebDriver,
    private readonly server: ChildProcess,
    private readonly baseUrl: string,
  ) {}

  async goto(pathOrUrl: string): Promise<void> {
    await this.driver.get(new URL(pathOrUrl, this.baseUrl).toString())
    await appRendered(this)
  }
  async reload(): Promise<void> {
    await this.driver.navigate().refresh()
    await appRendered(this)
  }
  url(): Promise<string> {
    return this.driver.getCurrentUrl()
  }
  run<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.executeScript(body, ...args) as Promise<T>
  }
  private async element(target: Target) {
    return this.driver.findElement(By.css(await locate(this, target)))
  }
  /**
   * WebKitWebDriver refuses some clicks on visible controls as "not interactable" (its hit test
   * under the phone-sized full-screen window); the element's own click() stands in for those.
   */
  private async press(element: Awaited<ReturnType<WebKitPage['element']>>): Promise<void> {
    try {
      await element.click()
    } catch (error) {
      if ((error as Error).name !== 'ElementNotInteractableError') throw error
      await this.driver.executeScript('arguments[0].focus(); arguments[0].click()', element)
    }
  }
  async type(target: Target, text: string): Promise<void> {
    const element = await this.element(target)
    await this.press(element)
    await element.sendKeys(text)
  }
  async fill(target: Target, text: string): Promise<void> {
    const element = await this.element(target)
    await element.clear()
    await this.press(element)
    await element.sendKeys(text)
  }
  async click(target: Target): Promise<void> {
    await this.press(await this.element(target))
  }
  async key(key: keyof typeof KEYS): Promise<void> {
    await this.driver.actions().sendKeys(KEYS[key].webdriver).perform()
  }
  async upload(target: Target, files: string[]): Promise<void> {
    await (await this.element(target)).sendKeys(files.join('\n'))
  }
  async screenshot(file: string): Promise<void> {
    const { writeFile } = await import('node:fs/promises')
    await writeFile(file, await this.driver.takeScreenshot(), 'base64')
  }
  async close(): Promise<void> {
    await this.driver.quit().catch(() => undefined)
    this.server.kill()
  }
}

/** puppeteer's evaluate takes a function; the body runs as one with `arguments`. */
class FirefoxPage implements EnginePage {
  readonly engine = 'firefox' as const
  constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(pathOrUrl: string): Promise<void> {
    await this.page.goto(new URL(pathOrUrl, this.baseUrl).toString(), { waitUntil: 'load' })
    await appRendered(this)
  }
  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'load' })
    await appRendered(this)
  }
  url(): Promise<string> {
    return Promise.resolve(this.page.url())
  }
  run<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.page.evaluate(
      (source: string, values: unknown[]) => new Function(source)(...values) as unknown,
      body,
      args,
    ) as Promise<T>
  }
  private async element(target: Target) {
    const handle = await this.page.$(await locate(this, target))
    if (!handle) throw new Error(`${describeTarget(target)} went away`)
    return handle
  }
  async type(target: Target, text: string): Promise<void> {
    const element = await this.element(target)
    await element.click()
    await element.type(text)
  }
  async fill(target: Target, text: string): Promise<void> {
    const element = await this.element(target)
    await element.click({ count: 3 })
    await this.page.keyboard.press('Backspace')
    await element.type(text)
  }
  /**
   * puppeteer clicks at the point where the element was: while sections above it still load and
   * push it down, that point misses. A person taps what has stopped moving; so does the journey.
   */
  async click(target: Target): Promise<void> {
    const element = await this.element(target)
    await waitUntil(`${describeTarget(target)} to stop moving`, async () => {
      const before = JSON.stringify(await element.boundingBox())
      await sleep(150)
      return before === JSON.stringify(await element.boundingBox())
    })
    await element.click()
  }
  async key(key: keyof typeof KEYS): Promise<void> {
    await this.page.keyboard.press(KEYS[key].puppeteer)
  }
  async upload(target: Target, files: string[]): Promise<void> {
    const element = await this.element(target)
    await (element as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(...files)
  }
  async screenshot(file: string): Promise<void> {
    await this.page.screenshot({ path: file as `${string}.png` })
  }
  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined)
  }
}

async function openWebKit(baseUrl: string): Promise<EnginePage> {
  const port = await freePort()
  const server = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore' })
  const driver = await waitUntil('WebKitWebDriver to answer', async () =>
    new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // Full screen on an X screen of the phone's size: the window's toolbar cannot widen the page.
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          args: ['--automation', '--full-screen', '--time-zone=Asia/Jerusalem'],
        },
      })
      .build(),
  )
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...PHONE })
  await driver.manage().setTimeouts({ script: WAIT_MS, pageLoad: 60_000 })
  return new WebKitPage(driver, server, baseUrl)
}

async function openFirefox(baseUrl: string): Promise<EnginePage> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    env: { ...process.env, TZ: 'Asia/Jerusalem' },
    extraPrefsFirefox: { 'intl.accept_languages': 'he-IL, he', 'intl.locale.requested': 'he-IL' },
  })
  const page = await browser.newPage()
  if (process.env.ENGINES_CONSOLE) page.on('console', (message) => console.log(`[firefox] ${message.text()}`))
  await page.setViewport({ ...PHONE, isMobile: true, hasTouch: true })
  page.setDefaultTimeout(WAIT_MS)
  return new FirefoxPage(browser, page, baseUrl)
}

/** A fresh browser of `engine` (its own profile: no cookies, no storage) showing nothing yet. */
export function openEngine(engine: EngineName, baseUrl: string): Promise<EnginePage> {
  return engine === 'webkit' ? openWebKit(baseUrl) : openFirefox(baseUrl)
}
