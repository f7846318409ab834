/**
 * The calendar and the reminders in WebKit and Firefox on a 412 px phone: the owner adds the next
 * yahrzeit to the calendar (the file the page offers, its candle at the hour in Jerusalem), and a
 * relative subscribes on the share page, confirms from the e-mail, gets the reminder a week before
 * the yahrzeit and unsubscribes from its link.
 */
import { expect, it } from 'vitest'
import { nextYahrzeit } from '../shared/mourning-calendar'
import { candleEvent } from '../src/domains/mourning-calendar/lib/yahrzeit-ics'
import { addDays } from '../src/domains/mourning-calendar/lib/mourning-calendar'
import { mourningStrings } from '../src/domains/mourning-calendar/strings/mourning'
import { remembranceStrings as strings } from '../src/domains/remembrance/strings/remembrance'
import {
  createBook,
  createUser,
  israelDate,
  linksIn,
  sendReminders,
  uniqueEmail,
  waitForMail,
} from '../supabase/local/testing/index.ts'
import { downloaded, forEachEngine, keepDownloads, signIn, waitForText } from './harness/journey.ts'

/** The UTC form an .ics file writes a moment in, to the minute. */
function icsMoment(moment: Date): string {
  return `${moment.toISOString().replace(/[-:]/g, '').slice(0, 13)}00Z`
}

forEachEngine('the calendar and the reminders', (page, engine) => {
  it("the owner adds the next yahrzeit to the calendar: the file's candle is at the evening's hour in Jerusalem", async () => {
    const deathDate = israelDate(-2)
    const owner = await createUser({ label: `calendar-${engine}` })
    await createBook({ fullName: 'משה לוי', ownerEmail: owner.email, deathDate, birthDate: '1948-04-20' })
    const yahrzeit = nextYahrzeit(deathDate, false, israelDate(0))
    await signIn(page(), owner)
    await waitForText(page(), yahrzeit.hebrew)
    await keepDownloads(page())
    await page().click({ text: mourningStrings.yahrzeit.addToCalendar })
    const file = await downloaded(page())
    expect(file.type).toMatch(/^text\/calendar/)
    const ics = file.bytes.toString('utf8')
    expect(ics).toContain('BEGIN:VCALENDAR')
    expect(ics).toContain(`DTSTART:${icsMoment(candleEvent(yahrzeit.candleEvening, yahrzeit.candleLighting).start)}`)
  })

  it('a relative subscribes on the share page, confirms by e-mail, gets the reminder and unsubscribes', async () => {
    const death = '2024-02-14'
    const name = `שרה ${engine}`
    const book = await createBook({ isPublic: true, deathDate: death, fullName: name })
    await page().goto(`/share/${book.shortCode}`)
    const email = uniqueEmail(`reminded-${engine}`)
    await page().type({ label: strings.reminders.emailLabel }, email)
    await page().click({ label: strings.reminders.consent })
    await page().click({ text: strings.reminders.submit })
    await waitForText(page(), strings.reminders.checkEmail)

    const confirmation = await waitForMail(email, { subject: 'אישור הרשמה לתזכורות' })
    await page().goto(linksIn(confirmation).find((link) => link.includes('/reminders/confirm'))!)
    await page().click({ text: strings.confirmPage.action })
    await waitForText(page(), `ההרשמה אושרה. נשלח לך תזכורת לפני יום השנה של ${name}.`)

    const yahrzeit = nextYahrzeit(death, false, '2030-01-01')
    expect((await sendReminders(addDays(yahrzeit.date, -7))).status).toBe(200)
    const reminder = await waitForMail(email, { subject: 'בעוד שבוע יום השנה' })
    expect(reminder.Text).toContain(yahrzeit.hebrew)
    await page().goto(linksIn(reminder).find((link) => link.includes('/reminders/unsubscribe'))!)
    await page().click({ text: strings.unsubscribePage.action })
    await waitForText(page(), `הוסרת מרשימת התזכורות של ${name}`)
  })
})
