import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { booksStrings } from '../src/domains/book/strings/books'
import { dashboardStrings } from '../src/i18n/dashboard'
import { memoriesStrings } from '../src/domains/memories/strings/memories'
import { mourningStrings } from '../src/domains/mourning-calendar/strings/mourning'
import { hebrewDeathDateText, nextYahrzeit } from '../shared/mourning-calendar'
import { candleEvent } from '../src/domains/mourning-calendar/lib/yahrzeit-ics'
import { addShivaDetails, bookRow, createBook, createUser, israelDate } from '../supabase/local/testing/index.ts'
import { signInThroughUi } from './fixtures/session'
import { screenshotsWanted, shot } from './fixtures/screenshots'

const arrive = expect.configure({ timeout: 20_000 })

async function pageShot(page: Page, name: string) {
  if (!screenshotsWanted()) return
  await page.evaluate(async () => {
    window.scrollTo({ top: 0, behavior: 'instant' })
    await document.fonts.ready
  })
  await shot(page, `mourning-calendar-${name}`, { fullPage: true })
}

test('the owner marks a death after sunset, sees the Hebrew date and the next yahrzeit, and adds the shiva details the share page shows', async ({
  page,
  browser,
}) => {
  // The first visit compiles every screen it passes on a cold dev server, on a shared machine.
  test.setTimeout(240_000)
  const deathDate = israelDate(-2)
  const owner = await createUser({ label: 'mourner', fullName: 'רונית לוי' })
  const book = await createBook({
    fullName: 'משה לוי',
    creatorName: owner.fullName,
    ownerEmail: owner.email,
    isPublic: true,
    birthDate: '1948-04-20',
    deathDate,
    purchaserUserId: owner.id,
  })
  const hebrewAfterSunset = hebrewDeathDateText(deathDate, true)
  const yahrzeit = nextYahrzeit(deathDate, true, israelDate(0))

  await signInThroughUi(page, owner)
  await arrive(page.getByTestId('hebrew-death-date')).toHaveText(hebrewDeathDateText(deathDate, false))

  // Edit: 'after sunset' moves the Hebrew date to the next day, in the preview and once saved.
  await page.getByRole('link', { name: dashboardStrings.grid.editBook }).click()
  await page.waitForURL(`**/edit-book/${book.id}`)
  const afterSunset = page.getByLabel(mourningStrings.afterSunset.label)
  await arrive(afterSunset).not.toBeChecked()
  await afterSunset.check()
  await expect(page.getByTestId('hebrew-date-preview')).toContainText(hebrewAfterSunset)
  await pageShot(page, 'edit-after-sunset')
  await page.getByRole('button', { name: booksStrings.edit.save }).click()
  await page.waitForURL(`**/dashboard?book=${book.id}`)
  expect(await bookRow(book.id)).toMatchObject({ died_after_sunset: true })

  await arrive(page.getByTestId('hebrew-death-date')).toHaveText(hebrewAfterSunset)
  const panel = page.getByTestId('yahrzeit-panel')
  await expect(panel.getByTestId('next-yahrzeit-hebrew')).toHaveText(yahrzeit.hebrew)
  await expect(panel.getByTestId('next-yahrzeit')).toContainText(String(Number(yahrzeit.date.slice(8))))
  await expect(panel.getByTestId('candle-evening')).toContainText(String(Number(yahrzeit.candleEvening.slice(8))))
  await panel.getByRole('button', { name: mourningStrings.yahrzeit.listTitle }).click()
  await expect(panel.getByTestId('yahrzeit-list').getByRole('listitem')).toHaveCount(10)
  await pageShot(page, 'dashboard')
  await shot(panel, 'mourning-calendar-yahrzeit-panel')

  const download = page.waitForEvent('download')
  await panel.getByRole('button', { name: mourningStrings.yahrzeit.addToCalendar }).click()
  const file = await readFile(await (await download).path(), 'utf8')
  expect(file).toContain('BEGIN:VCALENDAR')
  // At the candle's hour in Jerusalem that evening (sunset, or before the Shabbat candles), in UTC.
  const { start } = candleEvent(yahrzeit.candleEvening, yahrzeit.candleLighting)
  expect(file).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').slice(0, 13)}00Z`)
  expect(file).not.toContain('T180000')

  // Shiva details: the days are offered from the death date; the owner adds the rest.
  await page.goto(`/edit-book/${book.id}`)
  const form = page.getByTestId('shiva-form')
  await arrive(form.getByLabel(mourningStrings.shivaForm.startsOn)).toHaveValue(israelDate(-1))
  await expect(form.getByLabel(mourningStrings.shivaForm.endsOn)).toHaveValue(israelDate(5))
  await form.getByRole('button', { name: mourningStrings.shivaForm.save }).click()
  await expect(form.getByText(mourningStrings.shivaForm.errors.address)).toBeVisible()
  await form.getByLabel(mourningStrings.shivaForm.address).fill('רחוב הנביאים 7, ירושלים')
  await form.getByLabel(mourningStrings.shivaForm.visitingHours).fill('10:00–13:00, 17:00–21:00')
  await form.getByLabel(mourningStrings.shivaForm.note).fill('אין ביקורים בשבת')
  await form.getByLabel(mourningStrings.shivaForm.mapUrl).fill('https://maps.google.com/?q=HaNevi%27im+7+Jerusalem')
  await form.getByRole('button', { name: mourningStrings.shivaForm.save }).click()
  await expect(page.getByText(mourningStrings.shivaForm.saved)).toBeVisible()
  await pageShot(page, 'edit-shiva')

  // A relative arriving by the link sees them first.
  const visitor = await browser.newPage({ viewport: { width: 412, height: 915 } })
  await visitor.goto(`/share/${book.shortCode}`)
  const notice = visitor.getByTestId('shiva-notice')
  await arrive(notice).toBeVisible()
  await expect(notice).toContainText('רחוב הנביאים 7, ירושלים')
  await expect(notice).toContainText('אין ביקורים בשבת')
  await expect(notice.getByRole('link', { name: mourningStrings.shiva.map })).toHaveAttribute(
    'href',
    'https://maps.google.com/?q=HaNevi%27im+7+Jerusalem',
  )
  await expect(visitor.getByTestId('hebrew-death-date')).toHaveText(hebrewAfterSunset)
  await pageShot(visitor, 'share-during-shiva')
  await visitor.close()
})

test('a relative who has only the link of a private book finds the shiva details on the share page, at the book and in it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const book = await createBook({ fullName: 'שרה כהן', isPublic: false, familyCode: '4826', deathDate: israelDate(-1) })
  await addShivaDetails(book, { address: 'רחוב הזית 4, צפת', startsOn: israelDate(-1), endsOn: israelDate(5) })

  // The share link alone: the family published where they sit shiva.
  await page.goto(`/share/${book.shortCode}`)
  const notice = page.getByTestId('shiva-notice')
  await arrive(notice).toContainText('רחוב הזית 4, צפת')
  await expect(notice).toContainText('אין ביקורים בשבת')
  // The hours read left to right, as typed, not turned around by the Hebrew line.
  await expect(notice.locator('bdi[dir="ltr"]')).toHaveText('10:00–13:00, 17:00–21:00')
  await pageShot(page, 'private-share-during-shiva')

  // The book's link without the code: the gate, and the shiva details below it, nothing more.
  await page.goto(`/view-book/${book.shortCode}`)
  await arrive(page.getByRole('heading', { name: memoriesStrings.gate.title })).toBeVisible()
  await expect(page.getByTestId('shiva-notice')).toContainText('רחוב הזית 4, צפת')
  await pageShot(page, 'private-gate-during-shiva')

  // With the family code: in the book itself.
  await page.getByLabel(memoriesStrings.gate.label).fill('4826')
  await page.getByRole('button', { name: memoriesStrings.gate.submit }).click()
  await arrive(page.getByTestId('yahrzeit-panel')).toBeVisible()
  await expect(page.getByTestId('shiva-notice')).toContainText('רחוב הזית 4, צפת')
  await pageShot(page, 'private-book-during-shiva')
})

test('after the shiva days a private book shows its shiva details to nobody who arrives by the link', async ({
  page,
}) => {
  const book = await createBook({ isPublic: false, deathDate: israelDate(-12) })
  await addShivaDetails(book, { address: 'רחוב הזית 4, צפת', startsOn: israelDate(-12), endsOn: israelDate(-6) })
  const calendarRead = page.waitForResponse((response) => response.url().includes('/rpc/get_book_calendar'))
  await page.goto(`/share/${book.shortCode}`)
  expect((await calendarRead).ok()).toBe(true)
  await arrive(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('shiva-notice')).toHaveCount(0)
})
