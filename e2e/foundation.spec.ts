import { gzipSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { t } from '../src/i18n/he'
import { tFaq } from '../src/i18n/faq'
import { planWords } from '../shared/price-format.ts'
import { tInfo } from '../src/i18n/information-pages'
import { tMemories } from '../src/domains/memories/strings/memories'
import { shot } from './fixtures/screenshots'

const supportEmail = process.env.VITE_SUPPORT_EMAIL || 'support@zochrim.co.il'

function heroHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: t('landing.hero.title') })
}

test.describe('foundation', () => {
  test('the landing page renders right to left in its own fonts', async ({ page }, testInfo) => {
    await page.goto('/')
    await expect(heroHeading(page)).toBeVisible()

    await expect(page.locator('html')).toHaveAttribute('lang', 'he')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('html')).toHaveCSS('direction', 'rtl')
    await expect(page.locator('body')).toHaveCSS('direction', 'rtl')

    await page.evaluate(() => document.fonts.ready)
    expect(await page.evaluate(() => document.fonts.check('700 32px "Frank Ruhl Libre"', 'זוכרים'))).toBe(true)
    expect(await page.evaluate(() => document.fonts.check('400 16px Heebo', 'זוכרים'))).toBe(true)

    // The header's login button sits on the left (the end) of a right-to-left page, the brand on the right.
    const viewport = page.viewportSize()
    const loginBox = await page
      .getByRole('banner')
      .getByRole('link', { name: t('header.login') })
      .boundingBox()
    const brandBox = await page
      .getByRole('banner')
      .getByRole('link', { name: /זוכרים/ })
      .boundingBox()
    expect(viewport && loginBox && brandBox).toBeTruthy()
    expect(brandBox!.x).toBeGreaterThan(loginBox!.x)

    await expect(page.locator('#packages-section')).toBeAttached()

    const path = await shot(page, 'landing', { fullPage: true })
    if (path) await testInfo.attach('landing', { path, contentType: 'image/png' })
  })

  test('a Hebrew page fetches one font file per weight; an accented Latin letter still finds its font', async ({
    page,
  }) => {
    const fontFiles: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontFiles.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    await expect(heroHeading(page)).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    // The footer (with the only serif tagline) is laid out, and its font fetched, only once it nears the screen.
    const tagline = page.getByText(t('footer.tagline'))
    const isRendered = () => tagline.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }))
    expect(await isRendered()).toBe(false)
    await page.locator('footer').scrollIntoViewIfNeeded()
    await expect.poll(isRendered).toBe(true)
    await page.evaluate(() => document.fonts.ready)

    // The landing's text (Hebrew, digits, punctuation, "QR") uses four weights: three from one file
    // each, and the headings' (serif, bold) from the page itself.
    expect(fontFiles.filter((file) => file.includes('-latin-'))).toEqual([])
    expect(fontFiles.filter((file) => file.includes('frank-ruhl-libre-700'))).toEqual([])
    expect(new Set(fontFiles).size).toBe(3)

    const rangesOfFaces = (font: string, text: string) =>
      page.evaluate(
        async ([font, text]) => (await document.fonts.load(font!, text)).map((face) => face.unicodeRange),
        [font, text],
      )
    const accentedFaces = await rangesOfFaces('400 16px Heebo', 'é')
    expect(accentedFaces).toHaveLength(1)
    expect(accentedFaces[0]).toContain('U+0-FF')
    // The serif headings' file holds capitals (an acronym such as "QR"); a lower-case Latin letter
    // is found only in the full Latin file.
    expect(await rangesOfFaces('700 16px "Frank Ruhl Libre"', 'Q')).toContainEqual(expect.stringContaining('U+590-5FF'))
    expect(await rangesOfFaces('700 16px "Frank Ruhl Libre"', 'a')).toEqual([expect.stringContaining('U+0-FF')])
  })

  test('the page arrives in two round trips of a new connection, its favicon inside it', async ({ page, request }) => {
    // A new connection brings 14.6 KB in its first round trip and twice that in the next; a third
    // round trip would delay every first screen. The page holds the stylesheet, the headings' font,
    // the book pages' templates and the favicon.
    const html = await (await request.get('/', { headers: { 'Accept-Encoding': 'identity' } })).body()
    expect(gzipSync(html).length).toBeLessThanOrEqual(43_000)

    await page.goto('/')
    await expect(heroHeading(page)).toBeVisible()
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/png;base64,/)
  })

  test('every footer link opens its page', async ({ page }) => {
    const pages = [
      { name: t('footer.howItWorks'), path: '/how-it-works', heading: tInfo('howItWorks.title') },
      { name: t('footer.faq'), path: '/faq', heading: tFaq('title') },
      { name: t('footer.terms'), path: '/terms-of-service', heading: tInfo('terms.title') },
      { name: t('footer.privacy'), path: '/privacy-policy', heading: tInfo('privacy.title') },
    ]
    for (const target of pages) {
      await page.goto('/')
      await page.getByRole('contentinfo').getByRole('link', { name: target.name, exact: true }).click()
      await expect(page).toHaveURL(target.path)
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible()
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
    }

    await page.goto('/')
    const contact = page.getByRole('contentinfo').getByRole('link', { name: t('footer.contact') })
    await expect(contact).toHaveAttribute('href', `mailto:${supportEmail}`)
  })

  test("a toast shows below the header and leaves the header's links free", async ({ page }) => {
    await page.goto('/view-book/RACHEL23?code=2580')
    const welcome = page.locator('[data-sonner-toast]').filter({ hasText: tMemories('gate.codeHolderWelcome') })
    await expect(welcome).toBeVisible({ timeout: 15_000 })
    const header = (await page.getByRole('banner').boundingBox())!
    await expect.poll(async () => (await welcome.boundingBox())?.y).toBeGreaterThanOrEqual(header.y + header.height)

    await page
      .getByRole('banner')
      .getByRole('link', { name: t('header.login') })
      .click({ timeout: 2_000 })
    await expect(page).toHaveURL(/\/login/)
  })

  test('an unknown path shows the 404 page, whose home button works', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible()
    await expect(page.getByText(t('notFound.text'))).toBeVisible()

    await page
      .getByRole('main')
      .getByRole('link', { name: t('notFound.backHome') })
      .click()
    await expect(page).toHaveURL('/')
    await expect(heroHeading(page)).toBeVisible()
  })

  test('the FAQ accordion opens one answer and closes the previous', async ({ page }) => {
    await page.goto('/')
    // The accordion's code loads as the reader scrolls towards the FAQ section.
    await page.getByRole('heading', { name: t('landing.faq.title') }).scrollIntoViewIfNeeded()
    const first = page.getByRole('button', { name: tFaq('items.whatIs.question') })
    const second = page.getByRole('button', { name: tFaq('items.price.question') })
    const firstAnswer = page.getByText(tFaq('items.whatIs.answer'))
    // The demo price table: basic 99, pro 149, full 199.
    const secondAnswer = page.getByText(
      tFaq('items.price.answer', planWords({ basic: 9900, pro: 14900, full: 19900 })!),
    )

    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(firstAnswer).toBeVisible()

    await second.click()
    await expect(secondAnswer).toBeVisible()
    await expect(firstAnswer).toBeHidden()
    await expect(first).toHaveAttribute('aria-expanded', 'false')

    await second.click()
    await expect(secondAnswer).toBeHidden()
  })

  test('the hero says what a book costs, from the price table, and its button leads to /onboarding', async ({
    page,
  }) => {
    await page.goto('/')
    // The demo price table: basic 99, pro 149, full 199.
    await expect(page.getByTestId('hero-price')).toHaveText(t('landing.hero.priceFrom', { amount: '99' }))
    await expect(page.getByText('בחינם')).toHaveCount(0)
    await page
      .getByRole('link', { name: t('landing.hero.cta') })
      .first()
      .click()
    await expect(page).toHaveURL('/onboarding')
    await expect(page.getByRole('heading', { level: 1, name: t('routes.onboarding') })).toBeVisible()
  })

  test("a tap on the menu before the landing's code has loaded is not lost", async ({ page }) => {
    // The prerendered landing paints before its code arrives: hold that code back, tap, release.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: t('header.openMenu') }).click()
    release()
    await expect(page.getByRole('dialog', { name: t('header.menuTitle') })).toBeVisible({ timeout: 15_000 })
  })

  test("the landing's code is fetched only once its text is on screen", async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: t('header.openMenu') })).toBeVisible()
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('.js'))))
      .toBe(true)
    const { firstPaint, firstScript } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      firstScript: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      ),
    }))
    expect(firstScript).toBeGreaterThanOrEqual(firstPaint)
  })

  test('the phone menu opens from the right and leads to its pages', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: t('header.openMenu') }).click()
    const menu = page.getByRole('dialog', { name: t('header.menuTitle') })
    await expect(menu).toBeVisible()

    // The sheet slides in: measure once it has come to rest against the right (start) edge.
    const viewportWidth = page.viewportSize()?.width
    await expect
      .poll(async () => {
        const box = await menu.boundingBox()
        return box && Math.round(box.x + box.width)
      })
      .toBe(viewportWidth)

    for (const name of [
      t('header.login'),
      t('header.register'),
      t('header.howItWorks'),
      t('header.faq'),
      t('header.contact'),
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await menu.getByRole('link', { name: t('header.faq'), exact: true }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL('/faq')
  })
})
