/**
 * The news e-mail: each new memory's writer, relation and first lines, a link to the book and, for
 * the owner, one to hide each memory (the management page opened at that memory, its hide action
 * ready), and a one-click link that stops the news. Everything a stranger typed (the book's name,
 * the writer's name and relation, the memory's first lines) goes through mailText, as in every
 * other e-mail: one line, no links, addresses or domain names.
 */
import { mailText } from '../_shared/mail/mail-text.ts'
import { framedMail, type OutgoingMail } from '../_shared/mail/frame.ts'
import { managementLink, viewBookLink } from '../_shared/mail/links.ts'
import { mailStrings } from '../_shared/mail/strings.ts'
import { relationWord } from '../../../shared/deceased-words.ts'

const t = mailStrings.news

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
  book: { id: string; short_code: string; full_name: string }
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

/** The news of `claim`; `gender` is memory_books.deceased_gender of its book (the claim does not carry it). */
export function newsMail(claim: NewsClaim, site: string, gender: string | null = null): OutgoingMail {
  const { memories } = claim
  const name = mailText(claim.book.full_name)
  const count = memories.length
  const unsubscribe = `${site}/memory-news/unsubscribe?token=${encodeURIComponent(claim.unsubscribe_token)}`
  return framedMail({
    to: claim.email,
    subject: t.subject(count, name, claim.frequency === 'daily'),
    title: t.title(count),
    deceased: { name, gender },
    blocks: [
      t.lead(count, name),
      ...memories.map((memory) => ({
        quote: {
          by: writer(memory),
          text: firstLines(memory.text),
          ...(claim.is_owner ? { link: { label: t.hide, href: managementLink(site, claim.book.id, memory.id) } } : {}),
        },
      })),
    ],
    action: { label: t.read, href: viewBookLink(site, claim.book.short_code) },
    unsubscribe: { label: t.unsubscribe, href: unsubscribe },
    reason: claim.is_owner ? t.ownerReason : t.adminReason,
    site,
  })
}
