/**
 * The e-mails of yahrzeit and shloshim reminders (Hebrew, right to left): the confirmation of a
 * subscription (double opt-in), the welcome of an address confirmed already, and the reminders.
 * Every one carries an unsubscribe link.
 */
import { mailText } from './mail-text.ts'
import { framedMail, type MailBlock, type OutgoingMail } from './frame.ts'
import { viewBookLink } from './links.ts'
import { mailStrings } from './strings.ts'
import { candleLightingFor } from '../../../../shared/mourning-calendar.ts'

const t = mailStrings.reminders

/** The consent a subscriber gives, stored with the subscription; the form shows the same words. */
export const REMINDER_CONSENT_TEXT =
  'אני רוצה לקבל בדוא״ל תזכורת שבוע לפני יום השנה (היארצייט) ויום לפניו, וגם לפני השלושים. אפשר להפסיק בכל עת בקישור שבכל הודעה.'

export type ReminderOccasion = 'yahrzeit' | 'shloshim'
export type ReminderLead = 'week' | 'eve'

export interface ReminderBook {
  /** The short code of the book's links. */
  shortCode: string
  fullName: string
  /** memory_books.deceased_gender. */
  gender?: string | null
}

export interface ReminderLinks {
  site: string
  unsubscribeToken: string
}

export interface DueReminder {
  occasion: ReminderOccasion
  lead: ReminderLead
  /** The day of the occasion (YYYY-MM-DD). */
  occasionDate: string
  /** The evening the candle is lit (yahrzeit only). */
  candleEvening?: string
  /** The Hebrew date of the occasion, in Hebrew numerals. */
  hebrewDate: string
}

function confirmLink(site: string, token: string): string {
  return `${site}/reminders/confirm?token=${encodeURIComponent(token)}`
}

function unsubscribeLink(site: string, token: string): string {
  return `${site}/reminders/unsubscribe?token=${encodeURIComponent(token)}`
}

/** DD/MM/YYYY of an ISO date. */
function gregorianText(isoDate: string): string {
  const [year, month, day] = isoDate.split('-')
  return `${day}/${month}/${year}`
}

interface ReminderParts {
  subject: string
  blocks: MailBlock[]
  action: { label: string; href: string }
  notes?: string[]
  unsubscribeToken: string
}

/** A reminders e-mail in the frame: the subject as its heading, the book's name, and the unsubscribe link. */
function reminderFrame(to: string, book: ReminderBook, site: string, parts: ReminderParts): OutgoingMail {
  return framedMail({
    to,
    subject: parts.subject,
    deceased: { name: book.fullName, gender: book.gender },
    blocks: parts.blocks,
    action: parts.action,
    notes: parts.notes,
    unsubscribe: { label: t.unsubscribe, href: unsubscribeLink(site, parts.unsubscribeToken) },
    reason: t.reason,
    site,
  })
}

export function confirmationMail(
  to: string,
  book: ReminderBook,
  links: ReminderLinks & { confirmToken: string },
): OutgoingMail {
  const name = mailText(book.fullName)
  return reminderFrame(to, book, links.site, {
    subject: t.confirmSubject(name),
    blocks: t.confirmLines(name),
    action: { label: t.confirm, href: confirmLink(links.site, links.confirmToken) },
    notes: [t.confirmIgnore],
    unsubscribeToken: links.unsubscribeToken,
  })
}

export function welcomeMail(to: string, book: ReminderBook, links: ReminderLinks): OutgoingMail {
  const name = mailText(book.fullName)
  return reminderFrame(to, book, links.site, {
    subject: t.welcomeSubject(name),
    blocks: [t.welcome(name)],
    action: { label: mailStrings.links.toBook, href: viewBookLink(links.site, book.shortCode) },
    unsubscribeToken: links.unsubscribeToken,
  })
}

function reminderSubject(reminder: DueReminder, name: string): string {
  if (reminder.occasion === 'shloshim') {
    return reminder.lead === 'eve' ? t.shloshimEve(name) : t.shloshimWeek(name)
  }
  return reminder.lead === 'eve' ? t.yahrzeitEve(name) : t.yahrzeitWeek(name)
}

function reminderParagraphs(reminder: DueReminder, name: string): string[] {
  const day = `${reminder.hebrewDate} (${gregorianText(reminder.occasionDate)})`
  if (reminder.occasion === 'shloshim') return [t.shloshimOn(name, day), t.shloshimInvite]
  const paragraphs = [t.yahrzeitOn(name, day)]
  if (reminder.candleEvening) {
    // Before Shabbat and festivals the candle is lit before sunset; after them, once they end.
    const lighting = candleLightingFor(reminder.occasionDate)
    paragraphs.push(t.candles[lighting](gregorianText(reminder.candleEvening)))
  }
  paragraphs.push(t.lightInBook)
  return paragraphs
}

export function reminderMail(
  to: string,
  book: ReminderBook,
  reminder: DueReminder,
  links: ReminderLinks,
): OutgoingMail {
  const name = mailText(book.fullName)
  return reminderFrame(to, book, links.site, {
    subject: reminderSubject(reminder, name),
    blocks: reminderParagraphs(reminder, name),
    action: { label: mailStrings.links.toBook, href: viewBookLink(links.site, book.shortCode) },
    unsubscribeToken: links.unsubscribeToken,
  })
}
