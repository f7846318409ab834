import { HebrewCalendar, HDate, flags } from '@hebcal/core'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  candleLightingFor,
  diedInAdarOfCommonYear,
  isFestivalDay,
  nextCandleEvenings,
  hebrewDateText,
  hebrewDayOfDeath,
  hebrewDeathDateText,
  isDuringShiva,
  nextYahrzeit,
  nextYahrzeits,
  shivaWeek,
  shloshimDate,
} from './mourning-calendar'

/*
 * Every expected date below was checked by hand against fixed points of the calendar: Rosh Hashanah
 * 5785 = 2024-10-03, 5786 = 2025-09-23, 5787 = 2026-09-12, 5788 = 2027-10-02 (so 5785 is a full
 * year with 30 Cheshvan, 5786 a regular one without it, 5787 a full leap year); Purim 2024-03-24
 * (Adar II 5784), 2025-03-14, 2026-03-03, 2027-03-23 (Adar II 5787); the first day of Hanukkah
 * (25 Kislev) 2019-12-23, 2020-12-11, 2025-12-15.
 */

describe('the Hebrew date of death', () => {
  it('is the Hebrew day of the Gregorian date when the death was before sunset', () => {
    expect(hebrewDeathDateText('2026-03-04', false)).toBe('ט״ו באדר תשפ״ו')
  })

  it('is the next Hebrew day when the death was after sunset', () => {
    expect(hebrewDeathDateText('2026-03-03', true)).toBe('ט״ו באדר תשפ״ו')
    expect(hebrewDeathDateText('2026-03-03', false)).toBe('י״ד באדר תשפ״ו')
  })

  it('writes 15 and 16 as ט״ו and ט״ז, and names Adar I and Adar II', () => {
    expect(hebrewDeathDateText('2026-03-05', false)).toBe('ט״ז באדר תשפ״ו')
    expect(hebrewDeathDateText('2024-02-23', false)).toBe('י״ד באדר א׳ תשפ״ד')
    expect(hebrewDeathDateText('2024-03-24', false)).toBe('י״ד באדר ב׳ תשפ״ד')
  })

  it('crosses into the new year after sunset on the eve of Rosh Hashanah', () => {
    const hdate = hebrewDayOfDeath('2025-09-22', true)
    expect(hebrewDateText(hdate)).toBe('א׳ בתשרי תשפ״ו')
  })

  it('refuses a date that does not exist', () => {
    expect(() => hebrewDayOfDeath('2025-02-30', false)).toThrow(RangeError)
    expect(() => hebrewDayOfDeath('30/01/2025', false)).toThrow(RangeError)
  })
})

describe('the next yahrzeit', () => {
  const cases: Array<[string, string, boolean, string, string, string]> = [
    // [case, death, after sunset, today, yahrzeit, Hebrew date]
    ['Adar of a regular year, next year regular', '2025-03-14', false, '2025-06-01', '2026-03-03', 'י״ד באדר תשפ״ו'],
    [
      'Adar of a regular year in a leap year: Adar I',
      '2025-03-14',
      false,
      '2026-06-01',
      '2027-02-21',
      'י״ד באדר א׳ תשפ״ז',
    ],
    ['Adar II death in a regular year: Adar', '2024-03-24', false, '2024-06-01', '2025-03-14', 'י״ד באדר תשפ״ה'],
    ['Adar II death in a leap year: Adar II', '2024-03-24', false, '2026-06-01', '2027-03-23', 'י״ד באדר ב׳ תשפ״ז'],
    ['Adar I death in a regular year: Adar', '2024-02-23', false, '2024-06-01', '2025-03-14', 'י״ד באדר תשפ״ה'],
    ['Adar I death in a leap year: Adar I', '2024-02-23', false, '2026-06-01', '2027-02-21', 'י״ד באדר א׳ תשפ״ז'],
    ['30 Adar I in a regular year: 30 Shevat', '2024-03-10', false, '2024-06-01', '2025-02-28', 'ל׳ בשבט תשפ״ה'],
    [
      '30 Cheshvan, first anniversary without it: 29',
      '2024-12-01',
      false,
      '2025-01-01',
      '2025-11-20',
      'כ״ט בחשון תשפ״ו',
    ],
    ['30 Cheshvan in a later year that has it', '2024-12-01', false, '2025-12-01', '2026-11-10', 'ל׳ בחשון תשפ״ז'],
    ['30 Kislev, first anniversary without it: 29', '2019-12-28', false, '2020-01-01', '2020-12-15', 'כ״ט בכסלו תשפ״א'],
    ['30 Kislev, first anniversary with it', '2024-12-31', false, '2025-01-01', '2025-12-20', 'ל׳ בכסלו תשפ״ו'],
    ['after sunset on 30 Nov 2024: 30 Cheshvan', '2024-11-30', true, '2025-01-01', '2025-11-20', 'כ״ט בחשון תשפ״ו'],
    ['after sunset on 1 Dec 2024: 1 Kislev', '2024-12-01', true, '2025-01-01', '2025-11-21', 'א׳ בכסלו תשפ״ו'],
    ['after sunset on the eve of Rosh Hashanah', '2025-09-22', true, '2025-10-01', '2026-09-12', 'א׳ בתשרי תשפ״ז'],
    ['22 Tishrei, this year’s already passed', '2023-10-07', false, '2026-11-25', '2027-10-23', 'כ״ב בתשרי תשפ״ח'],
    ['a yahrzeit that falls today is the next one', '2025-03-14', false, '2026-03-03', '2026-03-03', 'י״ד באדר תשפ״ו'],
  ]

  it.each(cases)('%s', (_case, death, afterSunset, today, date, hebrew) => {
    const yahrzeit = nextYahrzeit(death, afterSunset, today)
    expect({ date: yahrzeit.date, hebrew: yahrzeit.hebrew }).toEqual({ date, hebrew })
  })

  it('gives the evening before as the candle evening, and the Hebrew year', () => {
    expect(nextYahrzeit('2025-09-22', true, '2025-10-01')).toEqual({
      date: '2026-09-12',
      candleEvening: '2026-09-11',
      hebrew: 'א׳ בתשרי תשפ״ז',
      hebrewYear: 5787,
      anniversary: 1,
      candleLighting: 'beforeFestival',
    })
    expect(nextYahrzeit('2025-03-14', false, '2026-03-04').candleEvening).toBe('2027-02-20')
  })

  it('does not count the day of death as a yahrzeit', () => {
    expect(nextYahrzeit('2025-03-14', false, '2025-03-14')).toMatchObject({ date: '2026-03-03', anniversary: 1 })
  })

  it('lists the next ten yahrzeits, one per Hebrew year, in order', () => {
    const list = nextYahrzeits('2025-03-14', false, '2026-06-01', 10)
    expect(list).toHaveLength(10)
    expect(list.map((y) => y.hebrewYear)).toEqual([5787, 5788, 5789, 5790, 5791, 5792, 5793, 5794, 5795, 5796])
    expect(list.map((y) => y.anniversary)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(list.slice(0, 3).map((y) => y.date)).toEqual(['2027-02-21', '2028-03-12', '2029-03-01'])
    expect([...list.map((y) => y.date)].sort()).toEqual(list.map((y) => y.date))
  })
})

describe('a death in Adar of a common year', () => {
  it('is told apart from Adar I or II of a leap year and from other months', () => {
    expect(diedInAdarOfCommonYear('2025-03-14', false)).toBe(true)
    expect(diedInAdarOfCommonYear('2025-03-13', true)).toBe(true)
    expect(diedInAdarOfCommonYear('2024-02-23', false)).toBe(false)
    expect(diedInAdarOfCommonYear('2024-03-24', false)).toBe(false)
    expect(diedInAdarOfCommonYear('2025-04-13', false)).toBe(false)
  })
})

describe('when the yahrzeit candle is lit', () => {
  const cases: Array<[string, string, string]> = [
    // [case, yahrzeit, lighting]; weekdays from Purim 2026-03-03, a Tuesday.
    ['an ordinary evening: at sunset', '2026-03-04', 'atSunset'],
    ['a yahrzeit on Shabbat: on Friday before sunset, before the Shabbat candles', '2026-03-07', 'beforeShabbat'],
    ['a yahrzeit on Sunday: after Shabbat goes out', '2026-03-08', 'afterShabbat'],
    ['Yom Kippur 5787 (a Monday): before sunset on its eve', '2026-09-21', 'beforeFestival'],
    ['Rosh Hashanah 5787 on Shabbat: before sunset on Friday', '2026-09-12', 'beforeFestival'],
    ['the second day of Rosh Hashanah 5787, after Shabbat: after it goes out', '2026-09-13', 'afterShabbat'],
    ['the second day of Rosh Hashanah 5786 (a Wednesday): after nightfall', '2025-09-24', 'afterFestival'],
    ['Shabbat after Shavuot 5786 (a Friday): before sunset on the festival', '2026-05-23', 'beforeShabbat'],
    ['the day after the seventh day of Pesach 5786: after the festival', '2026-04-09', 'afterFestival'],
  ]

  it.each(cases)('%s', (_case, yahrzeit, lighting) => {
    expect(candleLightingFor(yahrzeit)).toBe(lighting)
  })

  it("knows the festival days as @hebcal/core's calendar for Israel does, five years through", () => {
    const differences: string[] = []
    for (let day = '2025-01-01'; day < '2030-01-01'; day = addDays(day, 1)) {
      const [year, month, date] = day.split('-').map(Number)
      const events = HebrewCalendar.getHolidaysOnDate(new HDate(new Date(year!, month! - 1, date)), true) ?? []
      const festival = events.some((event) => (event.getFlags() & flags.CHAG) !== 0)
      if (festival !== isFestivalDay(day)) differences.push(day)
    }
    expect(differences).toEqual([])
  })
})

describe('the candle evenings of a calendar file', () => {
  it('leave out a yahrzeit falling today: its candle was lit yesterday evening', () => {
    const evenings = nextCandleEvenings('2025-03-14', false, '2026-03-03', 3)
    expect(evenings.map((y) => y.candleEvening)).toEqual(['2027-02-20', '2028-03-11', '2029-02-28'])
  })

  it('keep a yahrzeit falling tomorrow: its candle is lit this evening', () => {
    const evenings = nextCandleEvenings('2025-03-14', false, '2026-03-02', 1)
    expect(evenings.map((y) => [y.candleEvening, y.date])).toEqual([['2026-03-02', '2026-03-03']])
  })
})

describe('shiva and shloshim', () => {
  it('counts the shiva as seven days from the day of death', () => {
    expect(shivaWeek('2026-03-04', false)).toEqual({ start: '2026-03-04', end: '2026-03-10' })
    expect(shivaWeek('2026-03-03', true)).toEqual({ start: '2026-03-04', end: '2026-03-10' })
    expect(shivaWeek('2026-02-26', false)).toEqual({ start: '2026-02-26', end: '2026-03-04' })
  })

  it('knows whether a day falls within the shiva', () => {
    expect(isDuringShiva('2026-03-04', false, '2026-03-03')).toBe(false)
    expect(isDuringShiva('2026-03-04', false, '2026-03-04')).toBe(true)
    expect(isDuringShiva('2026-03-04', false, '2026-03-10')).toBe(true)
    expect(isDuringShiva('2026-03-04', false, '2026-03-11')).toBe(false)
  })

  it('puts the shloshim on the 30th day, the day of death being day 1', () => {
    expect(shloshimDate('2026-03-04', false)).toBe('2026-04-02')
    expect(shloshimDate('2026-03-03', true)).toBe('2026-04-02')
    expect(shloshimDate('2024-12-31', false)).toBe('2025-01-29')
  })
})
