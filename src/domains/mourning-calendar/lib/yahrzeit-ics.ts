import { Location } from '@hebcal/core/dist/esm/location'
import { Zmanim } from '@hebcal/core/dist/esm/zmanim'
import { createEvents, type DateArray, type EventAttributes } from 'ics'
import type { CandleLighting, Yahrzeit } from './mourning-calendar'

export interface YahrzeitCalendarInput {
  /** The short public id of the book, for stable event ids. */
  shortCode: string
  calendarName: string
  /** Already with the honorific, as the family reads it. */
  title: (yahrzeit: Yahrzeit) => string
  /** The event's text; `time` is the hour of the lighting (sunset, or nightfall) in Jerusalem, HH:MM. */
  description: (yahrzeit: Yahrzeit, time: string) => string
  url: string
  /** The yahrzeits whose candle evening has not passed (nextCandleEvenings). */
  yahrzeits: readonly Yahrzeit[]
}

/** Jerusalem's custom: the Shabbat and festival candles are lit 40 minutes before sunset. */
const JERUSALEM_CANDLES_BEFORE_SUNSET = 40
/** Before Shabbat or a festival the event is the half hour before its candles. */
const BEFORE_CANDLES_MINUTES = 30
const MINUTE = 60_000

function jerusalem(): Location {
  const location = Location.lookup('Jerusalem')
  if (!location) throw new Error('hebcal has no Jerusalem')
  return location
}

function zmanimOn(iso: string, location: Location): Zmanim {
  const [year, month, day] = iso.split('-').map(Number)
  return new Zmanim(location, new Date(year!, month! - 1, day), false)
}

const floorToMinute = (date: Date) => new Date(Math.floor(date.getTime() / MINUTE) * MINUTE)
const ceilToMinute = (date: Date) => new Date(Math.ceil(date.getTime() / MINUTE) * MINUTE)

/**
 * The candle's moment in Jerusalem on its evening (sunset, rounded down; nightfall, rounded up),
 * and the event around it: at sunset for an hour; before Shabbat or a festival, the half hour
 * before the Shabbat candles (which are lit 40 minutes before sunset); after Shabbat or a festival,
 * from nightfall (tzeit, the sun 8.5° below the horizon) for an hour.
 */
export function candleEvent(
  evening: string,
  lighting: CandleLighting,
  location: Location = jerusalem(),
): { moment: Date; start: Date; end: Date } {
  const zmanim = zmanimOn(evening, location)
  if (lighting === 'afterShabbat' || lighting === 'afterFestival') {
    const moment = ceilToMinute(zmanim.tzeit())
    return { moment, start: moment, end: new Date(moment.getTime() + 60 * MINUTE) }
  }
  const moment = floorToMinute(zmanim.sunset())
  if (lighting === 'atSunset') return { moment, start: moment, end: new Date(moment.getTime() + 60 * MINUTE) }
  const candles = new Date(moment.getTime() - JERUSALEM_CANDLES_BEFORE_SUNSET * MINUTE)
  return { moment, start: new Date(candles.getTime() - BEFORE_CANDLES_MINUTES * MINUTE), end: candles }
}

function utcParts(date: Date): DateArray {
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()]
}

/** HH:MM in Jerusalem. */
function jerusalemTime(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date)
}

const encoder = new TextEncoder()

/**
 * Folds a content line into lines of at most 75 octets of UTF-8 (RFC 5545 §3.1), the later ones
 * starting with a space, never splitting a character.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** Unfolds what the writer folded by characters and folds it again by octets. */
function refold(ics: string): string {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => foldLine(line))
    .join('\r\n')
}

/**
 * An iCalendar file with one event per yahrzeit, on its candle evening at the hour the candle is
 * lit in Jerusalem (in UTC, so every calendar shows it at that moment).
 */
export function yahrzeitCalendar(input: YahrzeitCalendarInput): string {
  const { shortCode, calendarName, title, description, url, yahrzeits } = input
  const location = jerusalem()
  const events: EventAttributes[] = yahrzeits.map((yahrzeit) => {
    const { moment, start, end } = candleEvent(yahrzeit.candleEvening, yahrzeit.candleLighting, location)
    return {
      uid: `yahrzeit-${shortCode}-${yahrzeit.hebrewYear}@zochrim`,
      start: utcParts(start),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: utcParts(end),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: title(yahrzeit),
      description: description(yahrzeit, jerusalemTime(moment)),
      url,
      busyStatus: 'FREE',
      transp: 'TRANSPARENT',
      alarms: [{ action: 'display', description: title(yahrzeit), trigger: { hours: 2, before: true } }],
    }
  })
  const { error, value } = createEvents(events, { productId: 'zochrim/yahrzeit', calName: calendarName })
  if (error || !value) throw error ?? new Error('No calendar')
  return refold(value)
}
