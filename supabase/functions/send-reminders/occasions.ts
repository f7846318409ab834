/** The coming yahrzeit and shloshim of a death, from the one mourning calendar module. */
import { hebrewDeathDateText, nextYahrzeit, shloshimDate } from '../../../shared/mourning-calendar.ts'
import type { Occasion } from '../_shared/scheduling/reminder-schedule.ts'

export function occasionsOf(deathDate: string, afterSunset: boolean, today: string): Occasion[] {
  const yahrzeit = nextYahrzeit(deathDate, afterSunset, today)
  const shloshim = shloshimDate(deathDate, afterSunset)
  return [
    { occasion: 'yahrzeit', date: yahrzeit.date, candleEvening: yahrzeit.candleEvening, hebrewDate: yahrzeit.hebrew },
    // The Hebrew date of the shloshim's own (daytime) day.
    { occasion: 'shloshim', date: shloshim, hebrewDate: hebrewDeathDateText(shloshim, false) },
  ]
}
