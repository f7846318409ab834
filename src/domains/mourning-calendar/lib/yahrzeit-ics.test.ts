import { describe, expect, it } from 'vitest'
import { nextCandleEvenings, type Yahrzeit } from './mourning-calendar'
import { candleEvent, foldLine, yahrzeitCalendar } from './yahrzeit-ics'

function calendarOf(yahrzeits: Yahrzeit[]): string {
  return yahrzeitCalendar({
    shortCode: 'ABCD2345',
    calendarName: 'יום השנה',
    title: (yahrzeit) => `הדלקת נר – ${yahrzeit.hebrew}`,
    description: (yahrzeit, time) => `יום השנה ה־${yahrzeit.anniversary}, ${yahrzeit.candleLighting} ${time}`,
    url: 'https://example.test/view-book/ABCD2345',
    yahrzeits,
  })
}

const calendarFor = (count: number) => calendarOf(nextCandleEvenings('2025-03-14', false, '2026-06-01', count))

/** The calendar's lines, with folded lines joined back (RFC 5545 §3.1). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n')
}

const octets = (line: string) => new TextEncoder().encode(line).length

describe('the yahrzeit calendar file', () => {
  it('is an iCalendar file with one event per yahrzeit', () => {
    const lines = unfold(calendarFor(3))
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(3)
    expect(lines).toContain('END:VCALENDAR')
  })

  it("puts an ordinary evening's event at Jerusalem's sunset, in UTC, for an hour", () => {
    const ordinary = nextCandleEvenings('2025-03-14', false, '2028-06-01', 1)
    expect(ordinary[0]).toMatchObject({ date: '2029-03-01', candleEvening: '2029-02-28', candleLighting: 'atSunset' })
    const lines = unfold(calendarOf(ordinary))
    // Sunset in Jerusalem on 28 February 2029: 17:36 (UTC+2).
    expect(lines).toContain('DTSTART:20290228T153600Z')
    expect(lines).toContain('DTEND:20290228T163600Z')
    expect(lines).toContain('DESCRIPTION:יום השנה ה־4\\, atSunset 17:36')
  })

  it('before Shabbat or a festival, ends the event at the Jerusalem candles, 40 minutes before sunset', () => {
    // A death after sunset on the eve of Rosh Hashanah: its yahrzeit in 5787 is on Shabbat, 12 September 2026.
    const festival = nextCandleEvenings('2025-09-22', true, '2025-10-01', 1)
    expect(festival[0]).toMatchObject({ candleEvening: '2026-09-11', candleLighting: 'beforeFestival' })
    const lines = unfold(calendarOf(festival))
    // Sunset in Jerusalem on Friday 11 September 2026: 18:50 (UTC+3); the candles at 18:10.
    expect(lines).toContain('DTSTART:20260911T144000Z')
    expect(lines).toContain('DTEND:20260911T151000Z')
    expect(lines).toContain('DESCRIPTION:יום השנה ה־1\\, beforeFestival 18:50')
  })

  it('after Shabbat, starts at nightfall, after sunset', () => {
    // 14 Adar 5787 is a Sunday: its candle evening, 20 February 2027, is Shabbat.
    const afterShabbat = nextCandleEvenings('2025-03-14', false, '2026-06-01', 1)
    expect(afterShabbat[0]).toMatchObject({ candleEvening: '2027-02-20', candleLighting: 'afterShabbat' })
    const { moment, start } = candleEvent('2027-02-20', 'afterShabbat')
    const sunset = candleEvent('2027-02-20', 'atSunset').moment
    expect(start).toEqual(moment)
    expect(moment.getTime() - sunset.getTime()).toBeGreaterThan(20 * 60_000)
    expect(unfold(calendarOf(afterShabbat))).toContain('DTSTART:20270220T160700Z')
  })

  it('leaves out a yahrzeit falling today', () => {
    const lines = unfold(calendarOf(nextCandleEvenings('2025-03-14', false, '2026-03-03', 2)))
    expect(lines.filter((line) => line.startsWith('DTSTART')).map((line) => line.slice(8, 16))).toEqual([
      '20270220',
      '20280311',
    ])
  })

  it('folds every line at 75 octets without splitting a Hebrew letter', () => {
    const ics = yahrzeitCalendar({
      shortCode: 'ABCD2345',
      calendarName: 'יום השנה',
      title: () => 'הדלקת נר לזכר משה לוי ז״ל',
      description: () => 'מחר, י״ד באדר א׳ תשפ״ז (21 בפברואר 2027), יום השנה ה־2 לפטירת משה לוי ז״ל.',
      url: 'https://example.test/view-book/ABCD2345',
      yahrzeits: nextCandleEvenings('2025-03-14', false, '2026-06-01', 2),
    })
    const physical = ics.split('\r\n')
    expect(Math.max(...physical.map(octets))).toBeLessThanOrEqual(75)
    expect(physical.some((line) => line.startsWith(' '))).toBe(true)
    expect(ics).not.toContain('\uFFFD')
    expect(foldLine('א'.repeat(80)).split('\r\n ').join('')).toBe('א'.repeat(80))
  })

  it('names the Hebrew date and links to the book, with ids stable per Hebrew year', () => {
    const lines = unfold(calendarFor(1))
    expect(lines).toContain('SUMMARY:הדלקת נר – י״ד באדר א׳ תשפ״ז')
    expect(lines).toContain('URL:https://example.test/view-book/ABCD2345')
    expect(lines).toContain('UID:yahrzeit-ABCD2345-5787@zochrim')
  })
})
