import { describe, expect, it } from 'vitest'
import {
  REMINDER_CONSENT_TEXT,
  confirmationMail,
  reminderMail,
} from '../../../../supabase/functions/_shared/mail/reminder-mail.ts'
import {
  daysBetween,
  dueReminders,
  type Occasion,
} from '../../../../supabase/functions/_shared/scheduling/reminder-schedule.ts'
import { tRemembrance } from '@/domains/remembrance/strings/remembrance'

const yahrzeit: Occasion = {
  occasion: 'yahrzeit',
  date: '2027-03-23',
  candleEvening: '2027-03-22',
  hebrewDate: 'ט״ו באדר ב׳ תשפ״ז',
}
const shloshim: Occasion = { occasion: 'shloshim', date: '2027-03-10', hebrewDate: 'ב׳ באדר ב׳ תשפ״ז' }

describe('dueReminders', () => {
  it('counts whole days across month and year ends', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1)
    expect(daysBetween('2027-03-01', '2027-02-22')).toBe(-7)
  })

  it('is due a week before (until two days before) and on the day before', () => {
    const leads = (today: string) => dueReminders(today, [yahrzeit]).map((due) => due.lead)
    expect(leads('2027-03-15')).toEqual([])
    expect(leads('2027-03-16')).toEqual(['week'])
    expect(leads('2027-03-21')).toEqual(['week'])
    expect(leads('2027-03-22')).toEqual(['eve'])
    expect(leads('2027-03-23')).toEqual([])
  })

  it('handles the yahrzeit and the shloshim independently', () => {
    expect(dueReminders('2027-03-09', [yahrzeit, shloshim])).toEqual([
      {
        occasion: 'shloshim',
        lead: 'eve',
        occasionDate: '2027-03-10',
        candleEvening: undefined,
        hebrewDate: shloshim.hebrewDate,
      },
    ])
    expect(dueReminders('2027-03-16', [yahrzeit, shloshim]).map((due) => due.occasion)).toEqual(['yahrzeit'])
  })
})

describe('reminder e-mails', () => {
  const book = { shortCode: 'RACHEL23', fullName: 'רחל <כהן>' }
  const links = { site: 'https://zochrim.example', unsubscribeToken: 'unsub-token' }

  it('asks for the consent the form shows', () => {
    expect(tRemembrance('reminders.consent')).toBe(REMINDER_CONSENT_TEXT)
  })

  it('puts the dates, the book link and the unsubscribe link in a reminder, with the name escaped', () => {
    const [due] = dueReminders('2027-03-22', [yahrzeit])
    const mail = reminderMail('a@b.example', book, due!, links)
    expect(mail.subject).toBe('הערב מדליקים נר: מחר יום השנה של רחל <כהן>')
    expect(mail.text).toContain('ט״ו באדר ב׳ תשפ״ז (23/03/2027)')
    expect(mail.text).toContain('22/03/2027')
    expect(mail.text).toContain('https://zochrim.example/view-book/RACHEL23')
    expect(mail.html).toContain('href="https://zochrim.example/reminders/unsubscribe?token=unsub-token"')
    expect(mail.html).toContain('רחל &lt;כהן&gt;')
    expect(mail.html).not.toContain('<כהן>')
  })

  it('says the candle is lit at sunset on an ordinary evening, and before sunset and the Shabbat candles on a Friday', () => {
    const [weekday] = dueReminders('2027-03-22', [yahrzeit])
    expect(reminderMail('a@b.example', book, weekday!, links).text).toContain(
      'את נר הזיכרון מדליקים בערב שלפניו, 22/03/2027, עם השקיעה.',
    )
    const onShabbat: Occasion = { ...yahrzeit, date: '2026-03-07', candleEvening: '2026-03-06' }
    const [friday] = dueReminders('2026-03-06', [onShabbat])
    const text = reminderMail('a@b.example', book, friday!, links).text
    expect(text).toContain('ביום שישי, 06/03/2026, לפני השקיעה – לפני הדלקת נרות השבת.')
    expect(text).not.toContain('עם השקיעה')
  })

  it('links the confirmation and an unsubscribe in the confirmation e-mail', () => {
    const mail = confirmationMail('a@b.example', book, { ...links, confirmToken: 'confirm-token' })
    expect(mail.html).toContain('https://zochrim.example/reminders/confirm?token=confirm-token')
    expect(mail.text).toContain('https://zochrim.example/reminders/unsubscribe?token=unsub-token')
  })
})
