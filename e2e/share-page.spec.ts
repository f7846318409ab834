import { expect, test } from '@playwright/test'
import { tMemories } from '../src/i18n/memories'

const DEMO_NAME = 'רחל אברהמי'

test.describe('share page', () => {
  test('shows the name and the portrait from the book card the page fetched', async ({ page }) => {
    const cardRequest = page.waitForRequest((request) => request.url().includes('/rest/v1/rpc/get_book_card'))
    await page.goto('/share/RACHEL23')

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

  test('falls back to the original picture when its small copy is missing', async ({ page }) => {
    await page.route(/\.w\d+\.webp$/, (route) => route.fulfill({ status: 404, body: '' }))
    await page.goto('/share/RACHEL23')
    const portrait = page.getByRole('img', { name: tMemories('book.photoAlt', { name: DEMO_NAME }) })
    await expect(portrait).toHaveAttribute('src', /rachel-profile\.jpg$/)
    await expect
      .poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0)
  })
})
