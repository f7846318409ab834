/**
 * The news e-mail: each new memory's writer, relation and first lines, a link to the book and one
 * to hide the memory (the owner's management page, where moderation is), and a one-click link
 * that stops the news. Everything a stranger typed (the book's name, the writer's name and
 * relation, the memory's first lines) goes through mailText, as in every other e-mail: one line,
 * no links, addresses or domain names.
 */
import { escapeHtml, mailText, type OutgoingMail } from '../_shared/mail.ts'
import { relationWord } from '../../../shared/deceased-words.ts'

export interface NewsMemory {
  id: string
  full_name: string
  relation: string | null
  text: string
}

export interface NewsClaim {
  send_id: string
  email: string
  frequency: 'batch' | 'daily'
  is_owner: boolean
  unsubscribe_token: string
  book: { id: string; book_id: string; full_name: string }
  memories: NewsMemory[]
}

const FIRST_LINES = 200

function firstLines(text: string): string {
  return mailText(text, FIRST_LINES)
}

function writer(memory: NewsMemory): string {
  const name = mailText(memory.full_name)
  const relation = mailText(relationWord(memory.relation))
  return relation ? `${name} (${relation})` : name
}

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`
}

export function newsMail(claim: NewsClaim, site: string): OutgoingMail {
  const { memories } = claim
  const book = { ...claim.book, full_name: mailText(claim.book.full_name) }
  const bookLink = `${site}/view-book/${encodeURIComponent(book.book_id)}`
  const manageLink = `${site}/admin-dashboard?book_id=${encodeURIComponent(book.id)}`
  const unsubscribeLink = `${site}/memory-news/unsubscribe?token=${encodeURIComponent(claim.unsubscribe_token)}`
  const count = memories.length
  const subject =
    claim.frequency === 'daily'
      ? `סיכום יומי: ${count === 1 ? 'זיכרון חדש' : `${count} זיכרונות חדשים`} בספר לזכר ${book.full_name}`
      : `${count === 1 ? 'זיכרון חדש' : `${count} זיכרונות חדשים`} בספר לזכר ${book.full_name}`
  const lead = `${count === 1 ? 'נכתב זיכרון חדש' : `נכתבו ${count} זיכרונות חדשים`} בספר הזיכרון לזכר ${book.full_name}.`
  const hideLabel = 'להסתרת הזיכרון'
  const text = [
    lead,
    '',
    ...memories.flatMap((memory) => [
      `${writer(memory)}:`,
      firstLines(memory.text),
      ...(claim.is_owner ? [`${hideLabel}: ${manageLink}`] : []),
      '',
    ]),
    `לקריאה בספר: ${bookLink}`,
    `להפסקת העדכונים על זיכרונות חדשים: ${unsubscribeLink}`,
  ].join('\n')
  const html = `<div dir="rtl" style="font-family:Arial,sans-serif;font-size:16px;line-height:1.6">
<p>${escapeHtml(lead)}</p>
${memories
  .map(
    (memory) => `<div style="border-inline-start:3px solid #6b4c8a;padding-inline-start:12px;margin:16px 0">
<p style="margin:0"><strong>${escapeHtml(writer(memory))}</strong></p>
<p style="margin:4px 0">${escapeHtml(firstLines(memory.text))}</p>
${claim.is_owner ? `<p style="margin:0;font-size:14px">${link(manageLink, hideLabel)}</p>` : ''}
</div>`,
  )
  .join('\n')}
<p>${link(bookLink, 'לקריאה בספר הזיכרון')}</p>
<p style="font-size:13px;color:#666">${link(unsubscribeLink, 'להפסקת העדכונים על זיכרונות חדשים')}</p>
</div>`
  return { to: [{ email: claim.email }], subject, text, html }
}
