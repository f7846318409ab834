/**
 * The e-mails of yahrzeit and shloshim reminders (Hebrew, right to left): the confirmation of a
 * subscription (double opt-in), the welcome of an address confirmed already, and the reminders.
 * Every one carries an unsubscribe link.
 */
import { escapeHtml } from './escape-html.ts'
import { mailText } from './mail-text.ts'
import { candleLightingFor, type CandleLighting } from '../../../shared/mourning-calendar.ts'

/** An e-mail as _shared/mail.ts sends it (its OutgoingMail); kept free of Deno so the SPA's tests can read it. */
export interface OutgoingMail {
  to: { email: string; name?: string }[]
  subject: string
  html: string
  text: string
}

/** The consent a subscriber gives, stored with the subscription; the form shows the same words. */
export const REMINDER_CONSENT_TEXT =
  'אני רוצה לקבל בדוא״ל תזכורת שבוע לפני יום השנה (היארצייט) ויום לפניו, וגם לפני השלושים. אפשר להפסיק בכל עת בקישור שבכל הודעה.'

export type ReminderOccasion = 'yahrzeit' | 'shloshim'
export type ReminderLead = 'week' | 'eve'

export interface ReminderBook {
  /** The short id of the book's links. */
  bookId: string
  fullName: string
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

const SIGNATURE = 'זוכרים – ספר זיכרון דיגיטלי'

function bookLink(site: string, bookId: string): string {
  return `${site}/view-book/${encodeURIComponent(bookId)}`
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

interface MailParts {
  title: string
  paragraphs: string[]
  action?: { label: string; href: string }
  unsubscribeHref: string
}

function renderMail({ title, paragraphs, action, unsubscribeHref }: MailParts): { html: string; text: string } {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#4B2E83;color:#ffffff;` +
      `padding:12px 24px;border-radius:999px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : ''
  const html =
    `<div dir="rtl" lang="he" style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.7;color:#1F2A37">` +
    `<h2 style="color:#4B2E83;margin:0 0 12px;font-weight:normal">${escapeHtml(title)}</h2>` +
    paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('') +
    button +
    `<p style="margin:32px 0 0;font-size:13px;color:#5D6876">${escapeHtml(SIGNATURE)}<br>` +
    `לא רוצים לקבל עוד תזכורות? <a href="${escapeHtml(unsubscribeHref)}" style="color:#5D6876">הסרה מרשימת התזכורות</a></p>` +
    `</div>`
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.href}`] : []),
    '',
    SIGNATURE,
    `הסרה מרשימת התזכורות: ${unsubscribeHref}`,
  ].join('\n')
  return { html, text }
}

export function confirmationMail(
  to: string,
  book: ReminderBook,
  links: ReminderLinks & { confirmToken: string },
): OutgoingMail {
  const name = mailText(book.fullName)
  const subject = `אישור הרשמה לתזכורות לזכר ${name}`
  return {
    to: [{ email: to }],
    subject,
    ...renderMail({
      title: subject,
      paragraphs: [
        `ביקשת לקבל תזכורות לפני יום השנה (היארצייט) ולפני השלושים של ${name}.`,
        'כדי שנשלח אותן, יש לאשר את ההרשמה בלחיצה על הכפתור. הקישור בתוקף שבעה ימים.',
        'אם לא ביקשת זאת, אפשר להתעלם מהמייל הזה ולא יישלחו תזכורות.',
      ],
      action: { label: 'אישור ההרשמה לתזכורות', href: confirmLink(links.site, links.confirmToken) },
      unsubscribeHref: unsubscribeLink(links.site, links.unsubscribeToken),
    }),
  }
}

export function welcomeMail(to: string, book: ReminderBook, links: ReminderLinks): OutgoingMail {
  const name = mailText(book.fullName)
  const subject = `נרשמת לתזכורות לזכר ${name}`
  return {
    to: [{ email: to }],
    subject,
    ...renderMail({
      title: subject,
      paragraphs: [`נשלח לך תזכורת שבוע לפני יום השנה (היארצייט) של ${name} ויום לפניו, וגם לפני השלושים.`],
      action: { label: 'לספר הזיכרון', href: bookLink(links.site, book.bookId) },
      unsubscribeHref: unsubscribeLink(links.site, links.unsubscribeToken),
    }),
  }
}

function reminderSubject(reminder: DueReminder, name: string): string {
  if (reminder.occasion === 'shloshim') {
    return reminder.lead === 'eve' ? `מחר השלושים של ${name}` : `בעוד שבוע השלושים של ${name}`
  }
  return reminder.lead === 'eve'
    ? `הערב מדליקים נר: מחר יום השנה של ${name}`
    : `בעוד שבוע יום השנה (היארצייט) של ${name}`
}

/** When the candle is lit on its evening: before Shabbat and festivals, before sunset. */
const candleSentence: Record<CandleLighting, (evening: string) => string> = {
  atSunset: (evening) => `את נר הזיכרון מדליקים בערב שלפניו, ${evening}, עם השקיעה.`,
  beforeShabbat: (evening) =>
    `יום השנה חל בשבת, ולכן את נר הזיכרון מדליקים ביום שישי, ${evening}, לפני השקיעה – לפני הדלקת נרות השבת.`,
  beforeFestival: (evening) =>
    `יום השנה חל בחג, ולכן את נר הזיכרון מדליקים בערב החג, ${evening}, לפני השקיעה – לפני הדלקת נרות החג.`,
  afterShabbat: (evening) => `את נר הזיכרון מדליקים במוצאי שבת, ${evening}, אחרי צאת השבת.`,
  afterFestival: (evening) => `את נר הזיכרון מדליקים בערב שלפניו, ${evening}, אחרי צאת הכוכבים, כי באותו יום חג.`,
}

function reminderParagraphs(reminder: DueReminder, name: string): string[] {
  const day = `${reminder.hebrewDate} (${gregorianText(reminder.occasionDate)})`
  if (reminder.occasion === 'shloshim') {
    return [`השלושים של ${name} יחול ב־${day}.`, 'זה זמן טוב להיפגש, לעלות לקבר ולשתף זיכרון בספר.']
  }
  const paragraphs = [`יום השנה (היארצייט) של ${name} יחול ב־${day}.`]
  if (reminder.candleEvening) {
    const lighting = candleLightingFor(reminder.occasionDate)
    paragraphs.push(candleSentence[lighting](gregorianText(reminder.candleEvening)))
  }
  paragraphs.push('אפשר להדליק נר גם בספר הזיכרון ולשתף בו זיכרון.')
  return paragraphs
}

export function reminderMail(
  to: string,
  book: ReminderBook,
  reminder: DueReminder,
  links: ReminderLinks,
): OutgoingMail {
  const name = mailText(book.fullName)
  const subject = reminderSubject(reminder, name)
  return {
    to: [{ email: to }],
    subject,
    ...renderMail({
      title: subject,
      paragraphs: reminderParagraphs(reminder, name),
      action: { label: 'לספר הזיכרון', href: bookLink(links.site, book.bookId) },
      unsubscribeHref: unsubscribeLink(links.site, links.unsubscribeToken),
    }),
  }
}
