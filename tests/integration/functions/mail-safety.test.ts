/**
 * Nothing a stranger types reaches someone else's inbox raw: every user-written field placed in a
 * subject or greeting goes through mailText (no line breaks or other control characters, no
 * links, addresses or domain names), and send-reminders opens to no short or example secret.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mailText } from '../../../supabase/functions/_shared/mail/mail-text.ts'
import {
  EXAMPLE_REMINDERS_CRON_SECRETS,
  usableSchedulerSecret,
} from '../../../supabase/functions/_shared/scheduling/scheduler-secret.ts'
import { PROJECT_ROOT } from '../../../supabase/local/config.ts'
import {
  addMemory,
  createBook,
  isFramed,
  sendMemoryNews,
  signedInUser,
  subscribeToReminders,
  uniqueEmail,
  waitForMail,
} from '../../../supabase/local/testing/index.ts'

describe('mailText', () => {
  it('keeps a name and removes line breaks, invisible characters, links, addresses and domains', () => {
    expect(mailText('רחל כהן\r\nBcc: victim@example.com')).toBe('רחל כהן Bcc:')
    expect(mailText('רחל https://pay.example/now כהן')).toBe('רחל כהן')
    expect(mailText('www.example.co.il רחל')).toBe('רחל')
    expect(mailText('ｐａｙ．ｅｘａｍｐｌｅ רחל')).toBe('רחל')
    expect(mailText('pay-here.example/x?y=1 אבא')).toBe('אבא')
    expect(mailText('רחל\u202eנהכ\u200b')).toBe('רחל נהכ')
    expect(mailText('Dr. J.R. Cohen')).toBe('Dr. J.R. Cohen')
    expect(mailText('א'.repeat(300))).toHaveLength(120)
  })
})

describe('e-mails built from a book a stranger named', () => {
  it('carry no line break, invisible character or link from the name in the subject or the greeting', async () => {
    const book = await createBook({
      fullName: 'רחל כהן\nלתשלום: https://pay.example/now\u202e www.pay.example',
      deathDate: '2026-10-01',
    })
    const subscriber = uniqueEmail('mail-safety')
    expect((await subscribeToReminders(book.shortCode, subscriber)).status).toBe(200)
    const mail = await waitForMail(subscriber)
    expect(mail.Subject).toBe('אישור הרשמה לתזכורות לזכר רחל כהן לתשלום:')
    const greeting = mail.Text.split('\n')[0]!
    expect(greeting).toBe(mail.Subject)
    expect(isFramed(mail)).toBe(true)
    expect(mail.HTML).not.toContain('pay.example')
    for (const raw of ['pay.example', 'https:', '\u202e']) {
      expect(mail.Subject).not.toContain(raw)
      expect(greeting).not.toContain(raw)
    }
  })
})

describe('the new-memory e-mail', () => {
  it("carries a stranger's name, relation and first lines without links, addresses or domains", async () => {
    const owner = await signedInUser({ label: 'news-mail-safety' })
    const book = await createBook({ ownerEmail: owner.email, fullName: 'רחל כהן www.pay.example' })
    await addMemory(book, {
      fullName: 'דני https://pay.example/now\nכהן',
      relation: 'חבר pay-here.example',
      texts: ['זיכרון יפה, לתרומות: pay.example/give או give@pay.example', null, null],
    })
    expect((await sendMemoryNews()).status).toBe(200)
    const mail = await waitForMail(owner.email, { subject: 'זיכרון חדש' })
    expect(mail.Subject).toBe('זיכרון חדש בספר לזכר רחל כהן')
    expect(mail.Text).toContain('דני כהן (חבר):\nזיכרון יפה, לתרומות: או')
    expect(isFramed(mail)).toBe(true)
    for (const raw of ['pay.example', 'pay-here.example', 'https:', 'www.', '@pay']) {
      expect(mail.Subject).not.toContain(raw)
      expect(mail.Text).not.toContain(raw)
      expect(mail.HTML).not.toContain(raw)
    }
  })
})

describe('the reminders scheduler secret', () => {
  it('refuses a short secret and the example of .env.example', () => {
    const example = /^REMINDERS_CRON_SECRET=(.+)$/m.exec(
      fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'functions', '.env.example'), 'utf8'),
    )?.[1]
    expect(example).toBeDefined()
    expect(EXAMPLE_REMINDERS_CRON_SECRETS).toContain(example)
    for (const refused of [
      ...EXAMPLE_REMINDERS_CRON_SECRETS,
      '',
      'short-secret',
      'a'.repeat(31),
      ` ${'b'.repeat(40)}`,
    ]) {
      expect(usableSchedulerSecret(refused)).toBe(false)
    }
    expect(usableSchedulerSecret('0123456789abcdef'.repeat(4))).toBe(true)
  })
})
