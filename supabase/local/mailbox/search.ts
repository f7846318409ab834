/**
 * Mailpit's search syntax, the part tests use: `to:`, `from:`, `subject:`, `is:read|unread`,
 * quoted phrases and free text; all terms must match, case-insensitively.
 */
import type { MailAddress, StoredMessage } from './store.ts'

interface Term {
  field?: string
  value: string
}

function parseTerms(query: string): Term[] {
  const terms: Term[] = []
  for (const match of query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    const value = (match[2] ?? match[3] ?? '').toLowerCase()
    if (value) terms.push({ field: match[1]?.toLowerCase(), value })
  }
  return terms
}

function addresses(list: MailAddress[]): string {
  return list
    .map((a) => `${a.Name} <${a.Address}>`)
    .join(', ')
    .toLowerCase()
}

function matches(message: StoredMessage, term: Term): boolean {
  const has = (text: string) => text.toLowerCase().includes(term.value)
  switch (term.field) {
    case 'to':
      return has(addresses([...message.To, ...message.Cc]))
    case 'from':
      return has(addresses([message.From]))
    case 'subject':
      return has(message.Subject)
    case 'is':
      return term.value === 'read' ? message.Read : term.value === 'unread' ? !message.Read : false
    default: {
      const value = term.field ? `${term.field}:${term.value}` : term.value
      const haystack = [message.Subject, addresses([message.From, ...message.To]), message.Text]
        .join('\n')
        .toLowerCase()
      return haystack.includes(value)
    }
  }
}

export function searchMessages(messages: StoredMessage[], query: string): StoredMessage[] {
  const terms = parseTerms(query)
  return messages.filter((message) => terms.every((term) => matches(message, term)))
}
