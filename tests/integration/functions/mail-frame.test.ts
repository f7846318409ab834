/**
 * The one frame of every e-mail (no stack needed): what a caller passes is escaped, a link that is
 * not http(s) never becomes a link, the deceased's name carries the honorific of the book's gender,
 * the button opens the link the mail is about, no e-mail text is a slash form, and the sign-in
 * e-mails GoTrue sends are the same frame.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../../supabase/local/config.ts'
import { authMailKinds, authMailTemplate } from '../../../supabase/functions/_shared/mail/auth-templates.ts'
import { framedMail, type MailContent } from '../../../supabase/functions/_shared/mail/frame.ts'
import { mailStrings } from '../../../supabase/functions/_shared/mail/strings.ts'
import { newsMail, type NewsClaim } from '../../../supabase/functions/send-memory-news/news-mail.ts'

const site = 'https://zochrim.example'

function mail(overrides: Partial<MailContent> = {}) {
  return framedMail({
    to: 'dana@example.com',
    subject: 'נושא',
    blocks: ['פסקה'],
    site,
    ...overrides,
  })
}

describe('the mail frame', () => {
  it('is the designed frame: right to left, the brand, a greeting, the recipient in the footer', () => {
    const { html, text, to } = mail()
    expect(to).toEqual([{ email: 'dana@example.com' }])
    expect(html).toContain('<html lang="he" dir="rtl">')
    expect(html).toContain('data-mail-frame')
    expect(html).toContain(mailStrings.frame.brand)
    expect(html).toContain(mailStrings.frame.greeting)
    expect(html).toContain('dana@example.com')
    expect(text.split('\n')[0]).toBe('נושא')
  })

  it('escapes every text and link a caller passes', () => {
    const hostile = '<script>alert(1)</script> "x" & \'y\''
    const { html } = mail({
      subject: hostile,
      greetName: hostile,
      deceased: { name: hostile },
      blocks: [
        hostile,
        { details: [[hostile, hostile]] },
        { code: hostile, label: hostile },
        { quote: { by: hostile, text: hostile, link: { label: hostile, href: `${site}/a?b="><script>` } } },
      ],
      action: { label: hostile, href: `${site}/x?q="><img src=x onerror=alert(1)>` },
      notes: [hostile],
      reason: hostile,
    })
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &amp; &#39;y&#39;')
  })

  it('never renders a link that is not http(s)', () => {
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '/relative', 'not a url']) {
      const { html, text } = mail({
        blocks: [{ link: { label: 'קישור', href } }, { quote: { by: 'א', text: 'ב', link: { label: 'הסתרה', href } } }],
        action: { label: 'כפתור', href },
        unsubscribe: { label: 'הסרה', href },
      })
      expect(html).not.toContain('data-mail-action')
      expect(html.toLowerCase()).not.toContain('javascript:')
      expect(html).not.toContain('data:text')
      expect(html).not.toContain(`href="${href}"`)
      expect(text.toLowerCase()).not.toContain('javascript:')
    }
  })

  it('names the deceased with the honorific of the book’s gender, or the neutral abbreviation', () => {
    expect(mail({ deceased: { name: 'רחל כהן', gender: 'female' } }).text).toContain('לזכר רחל כהן, זכרונה לברכה')
    expect(mail({ deceased: { name: 'משה לוי', gender: 'male' } }).text).toContain('לזכר משה לוי, זכרונו לברכה')
    expect(mail({ deceased: { name: 'נועם לוי', gender: null } }).text).toContain('לזכר נועם לוי, ז״ל')
    const typed = mail({ deceased: { name: 'רבקה כהן ז"ל', gender: 'female' } })
    expect(typed.text).toContain('לזכר רבקה כהן ז"ל\n')
    expect(typed.html).not.toContain('זכרונה לברכה')
    const named = mail({ deceased: { name: 'רחל https://pay.example/now כהן', gender: 'female' } })
    expect(named.html).toContain('data-mail-deceased')
    expect(named.html).not.toContain('pay.example')
    expect(mail().html).not.toContain('data-mail-deceased')
  })

  it('gives the button the link the mail is about, in the HTML and the text', () => {
    const href = `${site}/view-book/RACHEL23`
    const { html, text } = mail({ action: { label: 'לספר הזיכרון', href } })
    expect(html).toContain(`<a data-mail-action href="${href}"`)
    expect(text).toContain(`לספר הזיכרון: ${href}`)
  })
})

describe('the new-memory digest', () => {
  const claim: NewsClaim = {
    send_id: 's1',
    email: 'owner@example.com',
    frequency: 'batch',
    is_owner: true,
    unsubscribe_token: 'tok',
    book: { id: 'book-uuid', short_code: 'RACHEL23', full_name: 'רחל כהן' },
    memories: [
      { id: 'memory-1', full_name: 'נועה', relation: 'נכדה', text: 'חלות בשישי' },
      { id: 'memory-2', full_name: 'משה', relation: 'בן', text: 'שיעורי נהיגה' },
    ],
  }

  it('gives each memory a hide link that opens the management page at that memory', () => {
    const { html, text } = newsMail(claim, site, 'female')
    for (const id of ['memory-1', 'memory-2']) {
      const href = `${site}/admin-dashboard?book=book-uuid&memory=${id}`
      expect(html).toContain(`href="${href.replace(/&/g, '&amp;')}"`)
      expect(text).toContain(`${mailStrings.news.hide}: ${href}`)
    }
    expect(html).toContain('data-mail-frame')
    expect(text).toContain('לזכר רחל כהן, זכרונה לברכה')
    expect(html).toContain(`<a data-mail-action href="${site}/view-book/RACHEL23"`)
  })

  it('gives a family admin who is not the owner no hide link', () => {
    const { html } = newsMail({ ...claim, is_owner: false }, site)
    expect(html).not.toContain('/admin-dashboard')
    expect(html).not.toContain(mailStrings.news.hide)
  })
})

describe('the e-mails’ wording', () => {
  /** Every string of the catalogue, its templates filled with a sample. */
  function texts(value: unknown): string[] {
    if (typeof value === 'string') return [value]
    if (typeof value === 'function') return texts((value as (...args: unknown[]) => unknown)('א', 'ב', 'ג'))
    if (Array.isArray(value)) return value.flatMap(texts)
    if (value && typeof value === 'object') return Object.values(value).flatMap(texts)
    return []
  }

  it('has no slash forms', () => {
    const all = texts(mailStrings)
    expect(all.length).toBeGreaterThan(100)
    expect(all.filter((text) => /[\u05d0-\u05ea]\/[\u05d0-\u05ea]/.test(text))).toEqual([])
  })
})

describe('the sign-in e-mails', () => {
  it('are the frame, as scripts/auth-mail-templates.ts writes them into supabase/templates', () => {
    for (const kind of authMailKinds) {
      const file = fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'templates', `${kind}.html`), 'utf8')
      expect(file, `${kind}.html: run npx tsx scripts/auth-mail-templates.ts`).toBe(authMailTemplate(kind))
      expect(file).toContain('data-mail-frame')
      expect(file).toContain('href="{{ .ConfirmationURL }}"')
      expect(file).toContain('{{ .Token }}')
      expect(file).not.toContain('template.invalid')
    }
  })
})
