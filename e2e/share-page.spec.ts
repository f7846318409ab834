import { expect, test, type Page } from '@playwright/test'
import { tAddMemory } from '../src/domains/writing/strings/add-memory'
import { tMemories } from '../src/domains/memories/strings/memories'
import { tSharing } from '../src/domains/book/strings/sharing'
import { sql } from '../supabase/local/testing/index.ts'

const DEMO_NAME = 'רחל אברהמי'

/**
 * The demo book RACHEL23 is private: a visitor of its share page is given no picture. These
 * tests of the first screen's pictures read a public copy of it (its card and pictures).
 */
async function publicCopyOfDemoBook(): Promise<string> {
  const [copy] = await sql<{ short_code: string }>(
    `insert into "public"."memory_books"
       ("full_name", "birth_date", "death_date", "memory_quote", "profile_image_url", "background_image_url",
        "creator_name", "purchaser_name", "is_public", "plan_type", "payment_status")
     select "full_name", "birth_date", "death_date", "memory_quote", "profile_image_url", "background_image_url",
            "creator_name", "purchaser_name", true, "plan_type", "payment_status"
       from "public"."memory_books" where "short_code" = 'RACHEL23'
     returning "short_code"`,
  )
  return copy!.short_code
}

/** Holds the app's code back until the returned function is called; counts the card requests. */
async function holdAppCode(page: Page): Promise<{ release: () => void; cardRequests: () => number }> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  let cardRequests = 0
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/get_book_card')) cardRequests += 1
  })
  return { release, cardRequests: () => cardRequests }
}

/** Counts the page's calls of the family-access function (its CORS preflights left out). */
function familyAccessRequests(page: Page): () => number {
  let count = 0
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/family-access') && request.method() === 'POST') count += 1
  })
  return () => count
}

test.describe('share page', () => {
  let publicBook = ''
  test.beforeAll(async () => {
    publicBook = await publicCopyOfDemoBook()
  })

  test("a private book's share page shows its name and no picture to a visitor", async ({ page }) => {
    await page.goto('/share/RACHEL23')
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${DEMO_NAME}`) })).toBeVisible()
    await expect(page.getByRole('link', { name: tSharing('landing.cta') })).toBeVisible()
    await expect(page.getByRole('img', { name: tMemories('book.photoAlt', { name: DEMO_NAME }) })).toHaveCount(0)
    const pictures = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => /rachel-(profile|background)/.test(entry.name)),
    )
    expect(pictures).toEqual([])
  })

  test('shows the name and the portrait from the book card the page fetched', async ({ page }) => {
    const cardRequest = page.waitForRequest((request) => request.url().includes('/rest/v1/rpc/get_book_card'))
    await page.goto(`/share/${publicBook}`)

    // The card is asked for with a plain GET whose key is in the address: no custom header, no preflight.
    const request = await cardRequest
    expect(request.method()).toBe('GET')
    expect(new URL(request.url()).searchParams.get('apikey')).toBeTruthy()
    expect(await request.headerValue('apikey')).toBeNull()

    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${DEMO_NAME}`) })).toBeVisible()
    const portrait = page.getByRole('img', { name: tMemories('book.photoAlt', { name: DEMO_NAME }) })
    await expect(portrait).toBeVisible()
    await expect(portrait).toHaveAttribute('fetchpriority', 'high')
    await expect(portrait).not.toHaveAttribute('loading', 'lazy')
    // The small WebP copy is shown, and it arrived (a picture that failed to load has no width).
    await expect(portrait).toHaveAttribute('src', /\.w240\.webp$/)
    await expect
      .poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0)
  })

  test("the app's code is fetched only once the card's pictures are on screen", async ({ page }) => {
    await page.goto(`/share/${publicBook}`)
    await expect(page.getByRole('link', { name: tSharing('landing.cta') })).toBeVisible()
    const { picturesOnScreen, firstScript } = await page.evaluate(async () => {
      const pictures = await new Promise<PerformanceEntryList>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'element', buffered: true }),
      )
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
      return {
        picturesOnScreen: pictures.map((entry) => ({
          identifier: (entry as PerformanceEntry & { identifier: string }).identifier,
          shownAt: (entry as PerformanceEntry & { renderTime: number }).renderTime,
        })),
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      }
    })
    // The banner and the portrait of the painted screen.
    expect(picturesOnScreen.filter((entry) => entry.identifier === 'first-screen')).toHaveLength(2)
    for (const { shownAt } of picturesOnScreen) expect(firstScript).toBeGreaterThanOrEqual(shownAt)
  })

  test('falls back to the original picture when its small copy is missing', async ({ page }) => {
    await page.route(/\.w\d+\.webp$/, (route) => route.fulfill({ status: 404, body: '' }))
    await page.goto(`/share/${publicBook}`)
    const portrait = page.getByRole('img', { name: tMemories('book.photoAlt', { name: DEMO_NAME }) })
    await expect(portrait).toHaveAttribute('src', /rachel-profile\.jpg$/)
    await expect
      .poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0)
  })

  test("paints the card before the app's code has loaded; the app then shows the same card and the rest", async ({
    page,
  }) => {
    const app = await holdAppCode(page)
    await page.goto(`/share/${publicBook}`, { waitUntil: 'domcontentloaded' })
    const heading = page.getByRole('heading', { level: 1, name: `${DEMO_NAME} ז״ל` })
    await expect(heading).toBeVisible()
    const portrait = page.getByRole('img', { name: tMemories('book.photoAlt', { name: DEMO_NAME }) })
    await expect(portrait).toHaveAttribute('src', /\.w240\.webp$/)
    await expect(page.getByText('1948–2026')).toBeVisible()
    // The invitation and its button come with the app.
    const enter = page.getByRole('link', { name: tSharing('landing.cta') })
    await expect(enter).toHaveCount(0)

    app.release()
    await expect(enter).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('hebrew-death-date')).toHaveText(/\S/)
    await expect(heading).toHaveCount(1)
    await expect(portrait).toHaveCount(1)
    expect(app.cardRequests()).toBe(1)
  })

  test("the add-memory page paints its header before the app's code has loaded", async ({ page }) => {
    const app = await holdAppCode(page)
    await page.goto('/add-memory/RACHEL23', { waitUntil: 'domcontentloaded' })
    const heading = page.getByRole('heading', { level: 1, name: tAddMemory('title', { name: `${DEMO_NAME} ז״ל` }) })
    await expect(heading).toBeVisible()
    await expect(page.getByText(tAddMemory('lead'))).toBeVisible()
    await expect(page.getByRole('textbox')).toHaveCount(0)

    app.release()
    await expect(page.getByRole('textbox').first()).toBeVisible({ timeout: 15_000 })
    await expect(heading).toHaveCount(1)
    expect(app.cardRequests()).toBe(1)
  })

  test("a private book's reading page, opened with its code, paints the card before the app, which then opens the book", async ({
    page,
  }) => {
    const app = await holdAppCode(page)
    await page.goto('/view-book/RACHEL23?code=2580', { waitUntil: 'domcontentloaded' })
    const heading = page.getByRole('heading', { level: 1, name: `${DEMO_NAME} ז״ל` })
    await expect(heading).toBeVisible()
    await expect(page.getByTestId('memory-card')).toHaveCount(0)
    // Its links already lead to this book's pages.
    const addMemoryLinks = page.locator('a[href^="/add-memory/"]')
    await expect(addMemoryLinks).not.toHaveCount(0)
    for (const href of await addMemoryLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      expect(href).toMatch(/^\/add-memory\/RACHEL23/)

    app.release()
    await expect(page.getByTestId('memory-card').first()).toBeVisible({ timeout: 15_000 })
    await expect(heading).toHaveCount(1)
    await expect(page.locator('#book-shell')).toHaveCount(0)
    // The code opened the book: its portrait comes at a signed address, and it loads.
    const portrait = page.getByRole('img', { name: tMemories('book.photoAlt', { name: DEMO_NAME }) })
    await expect(portrait).toHaveAttribute(
      'src',
      /\/functions\/v1\/media\/.*\.w240\.webp\?expires=\d+&signature=[0-9a-f]{64}$/,
    )
    await expect
      .poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0)
  })

  test("a private book's reading page exchanges the link's code once, in the head script, and shows its banner", async ({
    page,
  }) => {
    const app = await holdAppCode(page)
    const exchanges = familyAccessRequests(page)
    await page.goto('/view-book/RACHEL23?code=2580', { waitUntil: 'domcontentloaded' })
    // Before the app's code has come, the grant is asked for and the banner at a signed address preloaded.
    const signedBanner = page.locator('link[rel="preload"][href*="rachel-background"][href*="signature="]')
    await expect(signedBanner).toHaveCount(1)
    expect(exchanges()).toBe(1)

    app.release()
    await expect(page.getByTestId('memory-card').first()).toBeVisible({ timeout: 15_000 })
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /rachel-background.*signature=/.test(entry.name)),
        ),
      )
      .toBe(true)
    expect(exchanges()).toBe(1)
  })

  test('a wrong code in the link shows the gate, with no picture address', async ({ page }) => {
    const exchanges = familyAccessRequests(page)
    await page.goto('/view-book/RACHEL23?code=0000')
    await expect(page.getByRole('textbox')).toBeVisible()
    await expect(page.getByTestId('memory-card')).toHaveCount(0)
    expect(exchanges()).toBe(1)
    expect(await page.content()).not.toMatch(/signature=/)
    const pictures = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => /rachel-(profile|background)/.test(entry.name)),
    )
    expect(pictures).toEqual([])
  })

  test('a private book opened without its code shows the gate, never its card first', async ({ page }) => {
    // Records whether the painted first screen ever entered the page.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('book-shell')) Object.assign(window, { sawBookShell: true })
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/view-book/RACHEL23')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('textbox')).toBeVisible()
    await expect(page.getByTestId('memory-card')).toHaveCount(0)
    expect(await page.evaluate(() => 'sawBookShell' in window)).toBe(false)
  })
})
