import { expect, test } from '@playwright/test'
import { remembranceStrings as strings } from '../src/domains/remembrance/strings/remembrance'
import { addDays, nextYahrzeit } from '../src/domains/mourning-calendar/lib/mourning-calendar'
import { signInThroughUi } from './fixtures/session'
import {
  createBook,
  createUser,
  isFramed,
  linksIn,
  readMail,
  sendReminders,
  uniqueEmail,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { shot } from './fixtures/screenshots'

// The first call of each edge function starts its Deno process; on a busy machine that takes a while.
const slowExpect = expect.configure({ timeout: 120_000 })

const NAME = 'שרה לוינסון'
const DEATH = '2024-02-14'

test.describe('remembering together', () => {
  test('a relative lights a candle, subscribes through the share page, confirms and gets the reminder', async ({
    page,
  }) => {
    // A cold dev server compiles the share page, the confirm and unsubscribe pages on first visit.
    test.setTimeout(300_000)
    const book = await createBook({ isPublic: true, deathDate: DEATH, fullName: NAME })
    await page.goto(`/share/${book.shortCode}`)

    const candle = page.getByRole('region', { name: `נר לזכר ${NAME}` })
    await slowExpect(candle.getByText(strings.candle.countNone)).toBeVisible()
    await slowExpect(candle.getByRole('img', { name: strings.candle.unlitLabel })).toBeVisible()
    await candle.getByLabel(strings.candle.nameLabel).fill('דודה מרים')
    await candle.getByRole('button', { name: strings.candle.light }).click()
    await slowExpect(candle.getByText(strings.candle.countOne)).toBeVisible()
    await slowExpect(candle.getByText(strings.candle.litToday)).toBeVisible()
    await slowExpect(candle.getByRole('img', { name: strings.candle.flameLabel })).toBeVisible()
    await shot(candle, 'remembrance-candle-412')

    // The next visit of the same browser still sees its candle lit, and the count.
    await page.reload()
    await slowExpect(candle.getByText(strings.candle.countOne)).toBeVisible()
    await slowExpect(candle.getByText(strings.candle.litToday)).toBeVisible()

    const reminders = page.getByRole('region', { name: strings.reminders.title })
    const email = uniqueEmail('relative')
    await reminders.getByLabel(strings.reminders.emailLabel).fill(email)
    await reminders.getByRole('button', { name: strings.reminders.submit }).click()
    await slowExpect(reminders.getByText(strings.reminders.consentRequired)).toBeVisible()
    await reminders.getByRole('checkbox', { name: strings.reminders.consent }).check()
    await reminders.getByRole('button', { name: strings.reminders.submit }).click()
    await slowExpect(reminders.getByText(strings.reminders.checkEmail)).toBeVisible()
    await shot(page, 'remembrance-share-412', { fullPage: true })

    const confirmation = await waitForMail(email, { subject: 'אישור הרשמה לתזכורות' })
    expect(isFramed(confirmation)).toBe(true)
    const confirmLink = new URL(linksIn(confirmation).find((link) => link.includes('/reminders/confirm'))!)
    await page.goto(confirmLink.pathname + confirmLink.search)
    await page.getByRole('button', { name: strings.confirmPage.action }).click({ timeout: 120_000 })
    await slowExpect(page.getByText(`ההרשמה אושרה. נשלח לך תזכורת לפני יום השנה של ${NAME}.`)).toBeVisible()
    await shot(page, 'remembrance-confirm-412')

    // The clock moves to a week before the yahrzeit: the daily job sends the reminder.
    const yahrzeit = nextYahrzeit(DEATH, false, '2030-01-01')
    const run = await sendReminders(addDays(yahrzeit.date, -7))
    expect(run.status).toBe(200)
    const reminder = await waitForMail(email, { subject: 'בעוד שבוע יום השנה' })
    expect(reminder.Text).toContain(yahrzeit.hebrew)
    expect(isFramed(reminder)).toBe(true)
    expect(linksIn(reminder)).toContain(`${new URL(page.url()).origin}/view-book/${book.shortCode}`)

    const unsubscribeLink = new URL(linksIn(reminder).find((link) => link.includes('/reminders/unsubscribe'))!)
    await page.goto(unsubscribeLink.pathname + unsubscribeLink.search)
    await page.getByRole('button', { name: strings.unsubscribePage.action }).click({ timeout: 120_000 })
    await slowExpect(page.getByText(`הוסרת מרשימת התזכורות של ${NAME}`)).toBeVisible()
    await shot(page, 'remembrance-unsubscribe-412')
    expect((await readMail(reminder.ID)).HTML).toContain('dir="rtl"')
  })

  test("a private book's share page, opened without its code, offers the reminders and asks nothing about its candles", async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const book = await createBook({ isPublic: false, deathDate: DEATH, fullName: NAME })
    const candleRequests: string[] = []
    const consoleErrors: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('candle_count')) candleRequests.push(request.url())
    })
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await page.goto(`/share/${book.shortCode}`)

    await slowExpect(page.getByRole('heading', { level: 1 })).toContainText(NAME)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const reminders = page.getByRole('region', { name: strings.reminders.title })
    await slowExpect(reminders.getByLabel(strings.reminders.emailLabel)).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('region', { name: `נר לזכר ${NAME}` })).toHaveCount(0)
    expect(candleRequests).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  test('the name a relative leaves with a candle reaches the family, and only the family', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000)
    const owner = await createUser({ label: 'owner' })
    const book = await createBook({ ownerEmail: owner.email, isPublic: true, deathDate: DEATH, fullName: NAME })

    // A relative lights a candle on the share page and leaves a name; the form says who will see it.
    const relative = await browser.newPage({ viewport: { width: 412, height: 915 } })
    await relative.goto(`/share/${book.shortCode}`)
    const candle = relative.getByRole('region', { name: `נר לזכר ${NAME}` })
    const nameField = candle.getByLabel(strings.candle.nameLabel)
    await slowExpect(nameField).toBeVisible()
    await expect(nameField).toHaveAccessibleDescription(strings.candle.nameHint)
    await nameField.fill('דודה מרים')
    await candle.getByRole('button', { name: strings.candle.light }).click()
    await slowExpect(candle.getByText(strings.candle.litToday)).toBeVisible()
    // Another visitor never sees the names.
    await expect(candle.getByTestId('candles-lit-by')).toHaveCount(0)
    await relative.close()

    // The owner opens the book and sees who lit.
    await signInThroughUi(page, owner)
    await page.goto(`/view-book/${book.shortCode}`)
    await slowExpect(page.getByTestId('yahrzeit-panel')).toBeVisible()
    // The candle loads as the reader scrolls towards it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const ownCandle = page.getByRole('region', { name: `נר לזכר ${NAME}` })
    const litBy = ownCandle.getByTestId('candles-lit-by')
    await slowExpect(litBy.getByRole('list', { name: strings.candle.litByTitle })).toBeVisible()
    await expect(litBy.getByRole('listitem')).toHaveText([/דודה מרים/])
    await shot(ownCandle, 'remembrance-candles-lit-by-412')
  })

  test('the owner subscribes from the dashboard at once and lights a candle in a private book', async ({ page }) => {
    test.setTimeout(300_000)
    const owner = await createUser({ label: 'owner' })
    await createBook({ ownerEmail: owner.email, isPublic: false, deathDate: DEATH, fullName: NAME })
    await signInThroughUi(page, owner)

    const candle = page.getByRole('region', { name: `נר לזכר ${NAME}` })
    await candle.getByRole('button', { name: strings.candle.light }).click({ timeout: 120_000 })
    await slowExpect(candle.getByText(strings.candle.countOne)).toBeVisible()

    const reminders = page.getByRole('region', { name: strings.reminders.title })
    await slowExpect(reminders.getByLabel(strings.reminders.emailLabel)).toHaveValue(owner.email)
    await reminders.getByRole('checkbox', { name: strings.reminders.consent }).check()
    await reminders.getByRole('button', { name: strings.reminders.submit }).click()
    await slowExpect(reminders.getByText(strings.reminders.subscribed)).toBeVisible()
    await waitForMail(owner.email, { subject: 'נרשמתם לתזכורות' })
    await reminders.scrollIntoViewIfNeeded()
    await shot(page, 'remembrance-dashboard-412', { fullPage: true })
  })
})
