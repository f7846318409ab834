/**
 * Which reminders are due on a day: a week before an occasion (sent from 7 days before until 2
 * days before, so a missed daily run or a late subscription still gets it) and on the day before
 * it (the evening the yahrzeit candle is lit). send-reminders records each one, so it goes out once.
 */
import type { DueReminder, ReminderOccasion } from '../mail/reminder-mail.ts'

export interface Occasion {
  occasion: ReminderOccasion
  /** YYYY-MM-DD */
  date: string
  candleEvening?: string
  hebrewDate: string
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

export function dueReminders(today: string, occasions: Occasion[]): DueReminder[] {
  const due: DueReminder[] = []
  for (const { occasion, date, candleEvening, hebrewDate } of occasions) {
    const daysLeft = daysBetween(today, date)
    const lead = daysLeft === 1 ? 'eve' : daysLeft >= 2 && daysLeft <= 7 ? 'week' : null
    if (lead) due.push({ occasion, lead, occasionDate: date, candleEvening, hebrewDate })
  }
  return due
}
