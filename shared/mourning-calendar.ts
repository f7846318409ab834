/**
 * The Jewish mourning calendar of a book: the Hebrew date of death, the yahrzeit (with @hebcal/hdate's
 * rules for Adar, Adar I/II and 30 Cheshvan/Kislev), the shiva week and the shloshim. Pure and
 * time-zone free: dates go in and out as ISO calendar days (YYYY-MM-DD), so the browser and the
 * edge functions agree: both import this file.
 */
import { HDate, Locale, gematriya, months, yahrzeit } from '@hebcal/hdate'
import { addDays } from './iso-day.ts'

export { addDays }

export type IsoDate = string

export interface Yahrzeit {
  /** The Gregorian day of the yahrzeit. */
  date: IsoDate
  /** The evening before, when the Hebrew day begins and the candle is lit. */
  candleEvening: IsoDate
  /** The Hebrew date in Hebrew numerals, e.g. 'י״ד באדר א׳ תשפ״ז'. */
  hebrew: string
  hebrewYear: number
  /** 1 for the first yahrzeit, 2 for the second… */
  anniversary: number
  /** When on the candle evening the candle is lit, by the Shabbat and festivals around it. */
  candleLighting: CandleLighting
}

/**
 * When the yahrzeit candle is lit on the evening before the yahrzeit:
 * - atSunset: an ordinary evening, at sunset, when the Hebrew day begins;
 * - beforeShabbat / beforeFestival: the yahrzeit falls on Shabbat or a festival, so the candle is lit
 *   before sunset, before the Shabbat or festival candles (no fire is lit once it has begun);
 * - afterShabbat / afterFestival: the evening itself is Shabbat or a festival day, so the candle
 *   is lit once it has ended, after nightfall (on a festival's second day, from a flame already burning).
 */
export type CandleLighting = 'atSunset' | 'beforeShabbat' | 'beforeFestival' | 'afterShabbat' | 'afterFestival'

export interface ShivaWeek {
  start: IsoDate
  end: IsoDate
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar day as a local-midnight Date; hebcal reads the local year, month and day. */
function dayFromIso(iso: IsoDate): Date {
  const match = ISO_DATE.exec(iso)
  if (!match) throw new RangeError(`Not an ISO date: ${iso}`)
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(year, month - 1, day)
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    throw new RangeError(`No such date: ${iso}`)
  }
  return date
}

function isoFromDay(date: Date): IsoDate {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The Gregorian calendar day on which a Hebrew day's daylight falls. */
function isoFromHebrew(hdate: HDate): IsoDate {
  return isoFromDay(hdate.greg())
}

/** The Hebrew day of death: a death after sunset belongs to the next Hebrew day. */
export function hebrewDayOfDeath(deathDate: IsoDate, afterSunset: boolean): HDate {
  const hdate = new HDate(dayFromIso(deathDate))
  return afterSunset ? hdate.next() : hdate
}

/** The Hebrew date in Hebrew numerals with the ב prefix on the month, e.g. 'ט״ו באדר תשפ״ו'. */
export function hebrewDateText(hdate: HDate): string {
  const month = Locale.gettext(hdate.getMonthName(), 'he-x-NoNikud')
  return `${gematriya(hdate.getDate())} ב${month} ${gematriya(hdate.getFullYear())}`
}

/** The Hebrew date of death as text, for showing beside the Gregorian one. */
export function hebrewDeathDateText(deathDate: IsoDate, afterSunset: boolean): string {
  return hebrewDateText(hebrewDayOfDeath(deathDate, afterSunset))
}

/**
 * The festival days on which no fire is lit, as kept in Israel: Rosh Hashanah (two days), Yom
 * Kippur, the first day of Sukkot, Shemini Atzeret, the first and seventh days of Pesach, Shavuot.
 */
const FESTIVAL_DAYS: ReadonlyArray<readonly [month: number, day: number]> = [
  [months.TISHREI, 1],
  [months.TISHREI, 2],
  [months.TISHREI, 10],
  [months.TISHREI, 15],
  [months.TISHREI, 22],
  [months.NISAN, 15],
  [months.NISAN, 21],
  [months.SIVAN, 6],
]

/** Whether the day's daylight is that of a festival day (Israel's calendar). */
export function isFestivalDay(day: IsoDate): boolean {
  const hdate = new HDate(dayFromIso(day))
  return FESTIVAL_DAYS.some(([month, date]) => hdate.getMonth() === month && hdate.getDate() === date)
}

function isShabbat(day: IsoDate): boolean {
  return dayFromIso(day).getDay() === 6
}

/** How the candle of a yahrzeit falling on `yahrzeitDate` is lit on the evening before. */
export function candleLightingFor(yahrzeitDate: IsoDate): CandleLighting {
  const evening = addDays(yahrzeitDate, -1)
  if (isShabbat(evening)) return 'afterShabbat'
  if (isFestivalDay(evening)) return isShabbat(yahrzeitDate) ? 'beforeShabbat' : 'afterFestival'
  if (isFestivalDay(yahrzeitDate)) return 'beforeFestival'
  if (isShabbat(yahrzeitDate)) return 'beforeShabbat'
  return 'atSunset'
}

function yahrzeitInYear(death: HDate, hebrewYear: number): Yahrzeit {
  const hdate = yahrzeit(hebrewYear, death)
  if (!hdate) throw new RangeError(`No yahrzeit in ${hebrewYear}`)
  const date = isoFromHebrew(hdate)
  return {
    date,
    candleEvening: addDays(date, -1),
    hebrew: hebrewDateText(hdate),
    hebrewYear,
    anniversary: hebrewYear - death.getFullYear(),
    candleLighting: candleLightingFor(date),
  }
}

/**
 * The next `count` yahrzeits on or after `today` (a yahrzeit falling today is still the next one):
 * the anniversaries of the Hebrew day of death by hebcal's yahrzeit rules.
 */
export function nextYahrzeits(deathDate: IsoDate, afterSunset: boolean, today: IsoDate, count: number): Yahrzeit[] {
  const death = hebrewDayOfDeath(deathDate, afterSunset)
  const todayHebrewYear = new HDate(dayFromIso(today)).getFullYear()
  let hebrewYear = Math.max(death.getFullYear() + 1, todayHebrewYear - 1)
  const result: Yahrzeit[] = []
  while (result.length < count) {
    const yahrzeit = yahrzeitInYear(death, hebrewYear)
    if (yahrzeit.date >= today) result.push(yahrzeit)
    hebrewYear += 1
  }
  return result
}

/**
 * The next `count` yahrzeits whose candle evening is today or later: what a calendar file holds. A
 * yahrzeit falling today had its candle lit yesterday evening, so it is not among them.
 */
export function nextCandleEvenings(
  deathDate: IsoDate,
  afterSunset: boolean,
  today: IsoDate,
  count: number,
): Yahrzeit[] {
  return nextYahrzeits(deathDate, afterSunset, addDays(today, 1), count)
}

export function nextYahrzeit(deathDate: IsoDate, afterSunset: boolean, today: IsoDate): Yahrzeit {
  return nextYahrzeits(deathDate, afterSunset, today, 1)[0]
}

/**
 * The shiva week: seven days counted from the Hebrew day of death as day 1 (the burial is usually
 * that day or the next; festivals that cut the shiva short are not taken into account).
 */
export function shivaWeek(deathDate: IsoDate, afterSunset: boolean): ShivaWeek {
  const start = isoFromHebrew(hebrewDayOfDeath(deathDate, afterSunset))
  return { start, end: addDays(start, 6) }
}

/**
 * Whether the death was in Adar of a common year. Its yahrzeit in a leap year (two Adars) is kept
 * in Adar I by hebcal's rule, the Ashkenazi custom; the Sephardi custom keeps it in Adar II.
 */
export function diedInAdarOfCommonYear(deathDate: IsoDate, afterSunset: boolean): boolean {
  const death = hebrewDayOfDeath(deathDate, afterSunset)
  return death.getMonth() === months.ADAR_I && !HDate.isLeapYear(death.getFullYear())
}

/** Whether `today` falls within the shiva week. */
export function isDuringShiva(deathDate: IsoDate, afterSunset: boolean, today: IsoDate): boolean {
  const { start, end } = shivaWeek(deathDate, afterSunset)
  return today >= start && today <= end
}

/**
 * The shloshim: the 30th day, counting the Hebrew day of death as day 1 (so 29 days after it), the
 * day the thirty days of mourning end.
 */
export function shloshimDate(deathDate: IsoDate, afterSunset: boolean): IsoDate {
  return addDays(isoFromHebrew(hebrewDayOfDeath(deathDate, afterSunset)), 29)
}
