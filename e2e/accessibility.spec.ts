import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import fs from 'node:fs'
import { accountsStrings } from '../src/domains/accounts/strings/accounts'
import { dashboardStrings } from '../src/i18n/dashboard'
import { tSharing } from '../src/domains/book/strings/sharing'
import { he } from '../src/i18n/he'
import { submitLoginForm } from './fixtures/session'

/**
 * axe-core (WCAG 2.0–2.2 A and AA, plus best practice) on every route of src/app/routes.ts at the
 * phone width, signed out and signed in as the demo owner, and on the dialogs the screens open.
 * Any violation fails. Route parameters are the seed's demo book (ROUTE_PARAMS); routes added to
 * routes.ts are covered without changing this file.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice']
const DEMO_OWNER = { email: 'owner@zochrim.local', password: 'Zochrim2026!' }
const DEMO_BOOK = 'RACHEL23'
const DEMO_FAMILY_CODE = '2580'
const DEMO_BOOK_ROW_ID = 'b0000000-0000-4000-8000-000000000001'

/** A demo value for every route parameter; a new screen with a new parameter adds its value here. */
const ROUTE_PARAMS: Record<string, string> = { book: DEMO_BOOK }

/** The address to open for a route: its parameters filled with the demo data. */
function demoUrl(path: string): string {
  return path.replace(/:([A-Za-z]+)\??/g, (_, name: string) => {
    const value = ROUTE_PARAMS[name]
    if (!value) throw new Error(`No demo value for :${name} (${path}): add one to ROUTE_PARAMS`)
    return value
  })
}

/**
 * Every path of src/app/routes.ts and src/app/router.tsx (which adds the development-only route
 * map), read from their source (their lazy imports need the app's bundler).
 */
const routePaths = ['src/app/routes.ts', 'src/app/router.tsx'].flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/\bpath: '(\/[^']*)'/g)].map((match) => match[1]!),
)

const pages = [
  ...routePaths.map((path) => ({ name: path, url: demoUrl(path) })),
  { name: '/view-book/:book with the family code', url: `/view-book/${DEMO_BOOK}?code=${DEMO_FAMILY_CODE}` },
  // The editor takes the book's row id (the short id above opens its not-found screen).
  { name: '/edit-book/:book of the demo book', url: `/edit-book/${DEMO_BOOK_ROW_ID}` },
  { name: '404', url: '/no/such/page' },
]

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
    .join('\n')
}

/**
 * Waits until the screen has settled (its data arrived, its lazy parts loaded). A guarded screen
 * first checks the session and may then move to another route, whose chunk loads after the network
 * was idle: on a busy machine that takes longer than expect's default wait.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('h1').first()).toBeAttached({ timeout: 30_000 })
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 })
  await page.evaluate(() => document.fonts.ready)
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  // A screen without frames is checked in the page itself (legacy mode): the default mode's extra
  // page and second copy of axe double the time and reach nothing more. Frames get the default mode.
  const withoutFrames = page.frames().length === 1
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(withoutFrames).analyze()
  console.log(`axe ${where}: ${result.violations.length} violation(s), ${result.passes.length} rule(s) passed`)
  expect(result.violations, `${where}\n${describeViolations(result.violations)}`).toEqual([])
}

const phone: BrowserContextOptions = {
  viewport: { width: 412, height: 915 },
  isMobile: true,
  hasTouch: true,
  locale: 'he-IL',
}

async function signedInState(browser: Browser): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext(phone)
  const page = await context.newPage()
  await page.goto('/login')
  await submitLoginForm(page, DEMO_OWNER.email, DEMO_OWNER.password)
  await page.waitForURL((url) => url.pathname === '/dashboard')
  const state = await context.storageState()
  await context.close()
  return state
}

test.describe.configure({ timeout: 60_000 })

/**
 * Holds every request matching `pattern` until `release` is called, so a screen stays in the state
 * it shows while that request is on its way (a slow connection), for as long as the check takes.
 */
async function holdRequests(page: Page, pattern: RegExp): Promise<{ release: () => Promise<void> }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    await released
    await route.continue().catch(() => undefined)
  }
  await page.route(pattern, handler)
  return {
    release: async () => {
      release()
      await page.unroute(pattern, handler)
    },
  }
}

/** The screens the axe walk found failing while they loaded, and the signed-in ones with data. */
const loadingRoutes = [
  '/register',
  '/update-password',
  `/view-book/${DEMO_BOOK}`,
  `/memory-book/${DEMO_BOOK}`,
  '/login',
]
const signedInLoadingRoutes = ['/dashboard', `/admin-dashboard?book=${DEMO_BOOK_ROW_ID}`, '/gift']

/** What a screen waits for: its own code (a lazily loaded *Page chunk), or the server's answers. */
const waits = [
  { what: 'its code', pattern: /\/assets\/[A-Za-z]+Page-[^/]+\.js$/ },
  { what: 'the server', pattern: /\/(rest|auth|functions|storage)\/v1\// },
]

for (const signedIn of [false, true]) {
  test.describe(`accessibility while loading, ${signedIn ? 'signed in' : 'signed out'}`, () => {
    let storageState: BrowserContextOptions['storageState']
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000)
      if (signedIn) storageState = await signedInState(browser)
    })

    for (const url of signedIn ? [...loadingRoutes, ...signedInLoadingRoutes] : loadingRoutes) {
      for (const { what, pattern } of waits) {
        test(`${url}, waiting for ${what}, has one main, one h1 and no axe violations`, async ({ browser }) => {
          const context = await browser.newContext({ ...phone, storageState })
          const page = await context.newPage()
          const held = await holdRequests(page, pattern)
          await page.goto(url, { waitUntil: 'commit' })
          // Before its code: the page before any screen. Before the server's answers: the screen
          // inside the site's header and footer, in whatever state it shows while it waits.
          const shown = what === 'its code' ? page.locator('[data-page-loading]') : page.getByRole('banner')
          await expect(shown.first()).toBeAttached({ timeout: 30_000 })
          await expect(page.getByRole('main')).toHaveCount(1)
          await expect(page.locator('h1')).toHaveCount(1)
          await expectNoViolations(page, `${url} waiting for ${what} (${signedIn ? 'signed in' : 'signed out'})`)
          await held.release()
          await context.close()
        })
      }
    }
  })
}

for (const signedIn of [false, true]) {
  test.describe(`accessibility, ${signedIn ? 'signed in' : 'signed out'}`, () => {
    let storageState: BrowserContextOptions['storageState']
    test.beforeAll(async ({ browser }) => {
      // The dev server compiles the login and dashboard screens on this first visit.
      test.setTimeout(120_000)
      if (signedIn) storageState = await signedInState(browser)
    })

    for (const target of pages) {
      test(`${target.name} has no axe violations`, async ({ browser }) => {
        const context = await browser.newContext({ ...phone, storageState })
        const page = await context.newPage()
        await page.goto(target.url)
        await settle(page)
        await expectNoViolations(page, `${target.url} (${signedIn ? 'signed in' : 'signed out'})`)
        await context.close()
      })
    }

    test('the mobile menu, open, has no axe violations', async ({ browser }) => {
      const context = await browser.newContext({ ...phone, storageState })
      const page = await context.newPage()
      await page.goto('/')
      await settle(page)
      const menuName = signedIn ? accountsStrings.header.openMenu : he.header.openMenu
      await page.getByRole('banner').getByRole('button', { name: menuName }).first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoViolations(page, `/ with the menu open (${signedIn ? 'signed in' : 'signed out'})`)
      await context.close()
    })

    if (signedIn) {
      const dashboardDialogs = [
        { name: 'the share dialog', trigger: tSharing('dialog.trigger') },
        { name: 'the privacy dialog', trigger: dashboardStrings.grid.privacy },
      ]
      for (const { name, trigger } of dashboardDialogs) {
        test(`the dashboard with ${name} open has no axe violations`, async ({ browser }) => {
          const context = await browser.newContext({ ...phone, storageState })
          const page = await context.newPage()
          await page.goto('/dashboard')
          await settle(page)
          await page.getByRole('main').getByRole('button', { name: trigger }).first().click()
          await expect(page.getByRole('dialog')).toBeVisible()
          await expectNoViolations(page, `/dashboard with ${name} open (signed in)`)
          await context.close()
        })
      }
    }

    test('the memory viewer, open, has no axe violations', async ({ browser }) => {
      const context = await browser.newContext({ ...phone, storageState })
      const page = await context.newPage()
      await page.goto(`/view-book/${DEMO_BOOK}?code=${DEMO_FAMILY_CODE}`)
      await settle(page)
      await page.getByTestId('memory-card').first().getByRole('button').first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoViolations(page, `/view-book with a memory open (${signedIn ? 'signed in' : 'signed out'})`)
      await context.close()
    })
  })
}
