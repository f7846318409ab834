/**
 * What join-as-admin and ownership-transfer share: the e-mails to owners, new family admins and
 * transfer invitees. Mail is a courtesy: a failure is logged and never undoes what was done.
 */
import type { ServiceClient } from './clients.ts'
import { escapeHtml, mailText, sendMail } from './mail.ts'

function page(paragraphs: string[]): string {
  return `<div dir="rtl" style="font-family:Arial,sans-serif;font-size:16px;line-height:1.6">${paragraphs
    .map((text) => `<p>${text}</p>`)
    .join('')}</div>`
}

function linkParagraph(label: string, link: string): string {
  return `${escapeHtml(label)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
}

export interface PlainMail {
  to: string
  subject: string
  lines: string[]
  /** Appended as a link after the lines. */
  link?: { label: string; href: string }
}

export async function sendPlainMail({ to, subject, lines, link }: PlainMail): Promise<void> {
  const text = [...lines, ...(link ? [`${link.label} ${link.href}`] : [])].join('\n')
  const html = page([...lines.map(escapeHtml), ...(link ? [linkParagraph(link.label, link.href)] : [])])
  await sendMail({ to: [{ email: to }], subject, text, html })
}

export async function mailQuietly(send: () => Promise<void>): Promise<void> {
  try {
    await send()
  } catch (error) {
    console.error('family-admin mail failed', error)
  }
}

/** What the mails say of a book: its name as mailText makes it fit for a subject or greeting. */
export interface BookFacts {
  id: string
  book_id: string
  full_name: string
  owner_email: string | null
}

export async function bookFacts(service: ServiceClient, bookUuid: string): Promise<BookFacts | null> {
  const { data, error } = await service
    .from('memory_books')
    .select('id, book_id, full_name, owner_email')
    .eq('id', bookUuid)
    .maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  const book = data
  return book && { ...book, full_name: mailText(book.full_name) }
}
