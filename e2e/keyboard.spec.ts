/**
 * The keyboard alone, on a 412 px phone. Every control the Tab key reaches, on the pages a relative
 * and a family use, shows a focus indicator that stands out from what is behind it (3:1, as WCAG
 * asks of a focus indicator) and is not hidden under the sticky header or another layer. A relative
 * opens the share link, writes a memory and reads it in the book with keys only.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { tAddMemory } from '../src/domains/writing/strings/add-memory'
import { memoriesStrings, tMemories } from '../src/domains/memories/strings/memories'
import { tSharing } from '../src/domains/book/strings/sharing'
import { createBook } from '../supabase/local/testing/index.ts'
import { submitLoginForm } from './fixtures/session'

test.describe.configure({ timeout: 120_000 })

const DEMO_OWNER = { email: 'owner@zochrim.local', password: 'Zochrim2026!' }
const phone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'he-IL' }

/** What the focused element shows: its name, the best contrast of its indicator, and what covers it. */
interface FocusStop {
  name: string
  contrast: number
  coveredBy: string | null
}

/**
 * Reads the focused element in the page. The indicator is the element's outline or ring (a box
 * shadow); a visually hidden control (a radio or file input) shows it on its label. Its colour is
 * measured against the first opaque background behind it: the element's own for an inset ring, its
 * parent's otherwise.
 */
function readFocusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const focused = document.activeElement
    if (!(focused instanceof HTMLElement) || focused === document.body) return null
    const box = focused.getBoundingClientRect()
    const hidden = box.width <= 2 || box.height <= 2
    const shown = hidden && focused instanceof HTMLInputElement ? (focused.labels?.[0] ?? focused) : focused

    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const context = canvas.getContext('2d', { willReadFrequently: true })!
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = color
      context.fillRect(0, 0, 1, 1)
      return [...context.getImageData(0, 0, 1, 1).data] as [number, number, number, number]
    }
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!)
    }
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return (light! + 0.05) / (dark! + 0.05)
    }
    const backgroundFrom = (start: Element | null) => {
      for (let element = start; element; element = element.parentElement) {
        const color = rgba(getComputedStyle(element).backgroundColor)
        if (color[3] >= 250) return color
      }
      return rgba(getComputedStyle(document.documentElement).backgroundColor || '#fff')
    }

    const style = getComputedStyle(shown)
    const indicators: { color: number[]; inset: boolean }[] = []
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
      indicators.push({ color: rgba(style.outlineColor), inset: parseFloat(style.outlineOffset) < 0 })
    }
    for (const shadow of style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/)) {
      const color = shadow.match(/(?:rgba?|oklch|oklab|lab|lch|hsla?|color)\([^)]*\)/)?.[0]
      const lengths =
        shadow
          .replace(/\w+\([^)]*\)/, '')
          .match(/-?[\d.]+px/g)
          ?.map(parseFloat) ?? []
      const [, , blur = 0, spread = 0] = lengths
      if (!color || spread < 2 || blur > 0) continue
      indicators.push({ color: rgba(color), inset: shadow.includes('inset') })
    }
    const best = Math.max(
      0,
      ...indicators
        .filter(({ color }) => color[3] >= 250)
        .map(({ color, inset }) => contrast(color, backgroundFrom(inset ? shown : shown.parentElement))),
    )

    // Hidden means covered at every point by a layer that stays on screen (the sticky header, the
    // chat button), as a focused control scrolled under it would be.
    const isFixedLayer = (element: Element) => {
      for (let layer: Element | null = element; layer; layer = layer.parentElement) {
        if (['fixed', 'sticky'].includes(getComputedStyle(layer).position)) return !layer.contains(focused)
      }
      return false
    }
    const shownBox = shown.getBoundingClientRect()
    const hits = [0.2, 0.5, 0.8].flatMap((fx) =>
      [0.2, 0.5, 0.8].map((fy) => {
        const x = Math.min(Math.max(shownBox.left + shownBox.width * fx, 1), innerWidth - 1)
        const y = Math.min(Math.max(shownBox.top + shownBox.height * fy, 1), innerHeight - 1)
        return document.elementFromPoint(x, y)
      }),
    )
    const covering = hits.every((hit) => hit && !focused.contains(hit) && !shown.contains(hit) && isFixedLayer(hit))
      ? hits[4]!
      : null
    const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`
    return {
      name,
      contrast: Math.round(best * 100) / 100,
      coveredBy: covering
        ? `${covering.tagName.toLowerCase()} ${covering.getAttribute('class') ?? ''}`.slice(0, 80)
        : null,
    }
  })
}

/** Presses Tab through the page from its top until focus leaves it or reaches a control a second time. */
async function tabThrough(page: Page): Promise<FocusStop[]> {
  const stops: FocusStop[] = []
  for (let press = 0; press < 100; press += 1) {
    await page.keyboard.press('Tab')
    const isNew = await page.evaluate(() => {
      const seen = ((window as { focusStopsSeen?: WeakSet<Element> }).focusStopsSeen ??= new WeakSet())
      const element = document.activeElement
      if (!element || element === document.body || seen.has(element)) return false
      seen.add(element)
      return true
    })
    if (!isNew) break
    stops.push((await readFocusStop(page))!)
  }
  return stops
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 })
  await page.evaluate(() => document.fonts.ready)
}

async function expectClearFocusOnEveryStop(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await settle(page)
  // A welcome toast covers the top of the page for a few seconds; the page's own controls are measured after it.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  // Sections below the first screen load their controls as they near the screen (the landing's
  // questions). A person tabbing at reading pace gets them in time; a test pressing Tab every few
  // milliseconds would pass them by, so the page is scrolled through once first.
  await page.evaluate(async () => {
    for (let top = 0; top < document.documentElement.scrollHeight; top += innerHeight / 2) {
      window.scrollTo({ top, behavior: 'instant' })
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  await page.waitForLoadState('networkidle')
  const stops = await tabThrough(page)
  expect(stops.length, `${url}: the Tab key reaches the page's controls`).toBeGreaterThan(3)
  const lowest = Math.min(...stops.map((stop) => stop.contrast))
  console.log(`keyboard ${url}: ${stops.length} focus stops, lowest indicator contrast ${lowest.toFixed(2)}:1`)
  const unclear = stops.filter((stop) => stop.contrast < 3 || stop.coveredBy)
  expect(unclear, `${url}: focus stops without a clear, uncovered indicator`).toEqual([])
}

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(phone)
  const page = await context.newPage()
  await page.goto('/login')
  await submitLoginForm(page, DEMO_OWNER.email, DEMO_OWNER.password)
  await page.waitForURL((url) => url.pathname === '/dashboard')
  return page
}

test.describe('the keyboard alone', () => {
  for (const url of ['/', '/share/RACHEL23', '/add-memory/RACHEL23', '/view-book/RACHEL23?code=2580', '/login']) {
    test(`every focus stop of ${url} shows a clear indicator`, async ({ browser }) => {
      const context = await browser.newContext(phone)
      await expectClearFocusOnEveryStop(await context.newPage(), url)
      await context.close()
    })
  }

  test("every focus stop of the owner's dashboard and book editor shows a clear indicator", async ({ browser }) => {
    const page = await signedInPage(browser)
    await expectClearFocusOnEveryStop(page, '/dashboard')
    const editor = await page.locator('a[href^="/edit-book/"]').first().getAttribute('href')
    await expectClearFocusOnEveryStop(page, editor!)
    await expect(page.getByRole('textbox').first()).toBeVisible()
    await page.context().close()
  })

  test('a relative opens the share link, writes a memory and reads it in the book, with keys only', async ({
    page,
  }) => {
    const book = await createBook({ fullName: 'שמואל קידר', plan: 'pro', familyCode: '7391' })
    await page.goto(`/share/${book.shortCode}`)
    await settle(page)

    const focusOn = async (accessibleName: string | RegExp) => {
      for (let press = 0; press < 60; press += 1) {
        await page.keyboard.press('Tab')
        // The focused control's own words: its label, its text, or its field's label (never the body's text).
        const name = await page.evaluate(() => {
          const element = document.activeElement
          if (!(element instanceof HTMLElement) || element === document.body) return ''
          const labels = 'labels' in element ? (element.labels as NodeListOf<HTMLLabelElement> | null) : null
          const fieldLabel = labels?.[0]?.innerText ?? ''
          return `${element.getAttribute('aria-label') ?? ''} ${element.innerText} ${fieldLabel}`
        })
        if (typeof accessibleName === 'string' ? name.includes(accessibleName) : accessibleName.test(name)) return
      }
      throw new Error(`Tab never reached ${accessibleName}`)
    }

    await focusOn(tSharing('landing.cta'))
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === `/add-memory/${book.shortCode}`)
    await settle(page)

    await focusOn(tAddMemory('fields.fullName'))
    await page.keyboard.type('רונית לוי')
    await expect(page.getByLabel(tAddMemory('fields.fullName'))).toHaveValue('רונית לוי')
    // The relations are one radio group: Tab reaches it once, the arrow keys choose.
    const friend = page.getByRole('radio', { name: memoriesStrings.relationValues.friend, exact: true })
    await focusOn(memoriesStrings.relationValues.family)
    for (let press = 0; press < 6 && !(await friend.isChecked()); press += 1) await page.keyboard.press('ArrowDown')
    await expect(friend).toBeChecked()
    await focusOn(tMemories('prompts.text1'))
    await page.keyboard.type('שמואל תמיד עצר לשאול מה שלומנו.')
    await focusOn(tAddMemory('submit.button'))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: tAddMemory('thanks.title') })).toBeVisible({ timeout: 15_000 })

    await page.goto(`/view-book/${book.shortCode}`)
    await settle(page)
    await focusOn(tMemories('gate.label'))
    await page.keyboard.type('7391')
    await page.keyboard.press('Enter')
    const card = page.getByTestId('memory-card').first()
    await expect(card).toContainText('שמואל תמיד עצר לשאול מה שלומנו.', { timeout: 15_000 })

    await focusOn(/רונית לוי/)
    const opener = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))
    await page.keyboard.press('Enter')
    const viewer = page.getByTestId('memory-viewer')
    await expect(viewer).toBeVisible()
    await expect(viewer).toContainText('שמואל תמיד עצר לשאול מה שלומנו.')
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    // Focus returns to the card the relative opened.
    expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))).toBe(opener)
  })
})
