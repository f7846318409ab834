import { createEvents, type EventAttributes } from 'ics'
import type { Yahrzeit } from './mourning-calendar'

export interface YahrzeitCalendarInput {
  /** The short public id of the book, for stable event ids. */
  bookId: string
  calendarName: string
  /** Already with the honorific, as the family reads it. */
  title: (yahrzeit: Yahrzeit) => string
  description: (yahrzeit: Yahrzeit) => string
  url: string
  yahrzeits: readonly Yahrzeit[]
}

/** The hour the candle event starts on the evening before; the exact sunset is left to the family. */
const candleHour = 18

function dateParts(iso: string): [number, number, number] {
  const [year, month, day] = iso.split('-').map(Number)
  return [year, month, day]
}

/**
 * An iCalendar file with one event per yahrzeit, on the evening before (when the Hebrew day begins
 * and the candle is lit), in the reader's local time.
 */
export function yahrzeitCalendar(input: YahrzeitCalendarInput): string {
  const { bookId, calendarName, title, description, url, yahrzeits } = input
  const events: EventAttributes[] = yahrzeits.map((yahrzeit) => ({
    uid: `yahrzeit-${bookId}-${yahrzeit.hebrewYear}@zochrim`,
    start: [...dateParts(yahrzeit.candleEvening), candleHour, 0],
    startInputType: 'local',
    startOutputType: 'local',
    duration: { hours: 1 },
    title: title(yahrzeit),
    description: description(yahrzeit),
    url,
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
    alarms: [{ action: 'display', description: title(yahrzeit), trigger: { hours: 2, before: true } }],
  }))
  const { error, value } = createEvents(events, { productId: 'zochrim/yahrzeit', calName: calendarName })
  if (error || !value) throw error ?? new Error('No calendar')
  return value
}

/** Offers text as a file download in the browser. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}
