import { describe, expect, it } from 'vitest'
import { nextYahrzeits } from './mourning-calendar'
import { yahrzeitCalendar } from './yahrzeit-ics'

function calendarFor(count: number): string {
  return yahrzeitCalendar({
    bookId: 'ABCD2345',
    calendarName: 'יום השנה',
    title: (yahrzeit) => `הדלקת נר – ${yahrzeit.hebrew}`,
    description: (yahrzeit) => `יום השנה ה־${yahrzeit.anniversary}`,
    url: 'https://example.test/view-book/ABCD2345',
    yahrzeits: nextYahrzeits('2025-03-14', false, '2026-06-01', count),
  })
}

/** The calendar's lines, with folded lines joined back (RFC 5545 §3.1). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n')
}

describe('the yahrzeit calendar file', () => {
  it('is an iCalendar file with one event per yahrzeit', () => {
    const lines = unfold(calendarFor(3))
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(3)
    expect(lines).toContain('END:VCALENDAR')
  })

  it('puts each event on the evening before the yahrzeit, in local time, for an hour', () => {
    const lines = unfold(calendarFor(2))
    expect(lines.filter((line) => line.startsWith('DTSTART'))).toEqual([
      'DTSTART:20270220T180000',
      'DTSTART:20280311T180000',
    ])
    expect(lines.filter((line) => line.startsWith('DURATION'))).toEqual(['DURATION:PT1H', 'DURATION:PT1H'])
  })

  it('names the Hebrew date and links to the book, with ids stable per Hebrew year', () => {
    const lines = unfold(calendarFor(1))
    expect(lines).toContain('SUMMARY:הדלקת נר – י״ד באדר א׳ תשפ״ז')
    expect(lines).toContain('DESCRIPTION:יום השנה ה־2')
    expect(lines).toContain('URL:https://example.test/view-book/ABCD2345')
    expect(lines).toContain('UID:yahrzeit-ABCD2345-5787@zochrim')
  })
})
