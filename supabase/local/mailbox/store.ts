/**
 * The mailbox's messages: in memory, mirrored to a JSON file so a restart keeps them. Field names
 * follow Mailpit's API, which the tests and the page read.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface MailAddress {
  Name: string
  Address: string
}

export interface StoredMessage {
  ID: string
  MessageID: string
  From: MailAddress
  To: MailAddress[]
  Cc: MailAddress[]
  Bcc: MailAddress[]
  ReplyTo: MailAddress[]
  Subject: string
  Created: string
  Text: string
  HTML: string
  Tags: string[]
  Read: boolean
  Size: number
}

export interface NewMessage {
  from: MailAddress
  to: MailAddress[]
  cc?: MailAddress[]
  bcc?: MailAddress[]
  replyTo?: MailAddress[]
  subject: string
  html: string
  text?: string
  tags?: string[]
}

const MAX_MESSAGES = 1000

/** "Name <a@b.c>" or "a@b.c". */
export function parseAddress(value: string): MailAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value)
  return match ? { Name: match[1]!.trim(), Address: match[2]!.trim() } : { Name: '', Address: value.trim() }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** A readable plain-text version of an HTML body (links keep their address). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(
      /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_m, href: string, label: string) => `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|li|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim()
}

export function snippetOf(message: StoredMessage): string {
  const text = message.Text.replace(/\s+/g, ' ').trim()
  return text.length > 250 ? `${text.slice(0, 250)}…` : text
}

export class MailStore {
  private messages: StoredMessage[] = []

  constructor(private readonly file?: string) {
    if (file && fs.existsSync(file)) {
      try {
        this.messages = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredMessage[]
      } catch {
        this.messages = []
      }
    }
  }

  private persist(): void {
    if (!this.file) return
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    fs.writeFileSync(this.file, JSON.stringify(this.messages))
  }

  add(input: NewMessage): StoredMessage {
    const id = randomUUID()
    const text = input.text ?? htmlToText(input.html)
    const message: StoredMessage = {
      ID: id,
      MessageID: `${id}@mailbox.local`,
      From: input.from,
      To: input.to,
      Cc: input.cc ?? [],
      Bcc: input.bcc ?? [],
      ReplyTo: input.replyTo ?? [],
      Subject: input.subject,
      Created: new Date().toISOString(),
      Text: text,
      HTML: input.html,
      Tags: input.tags ?? [],
      Read: false,
      Size: Buffer.byteLength(input.html) + Buffer.byteLength(text),
    }
    this.messages = [message, ...this.messages].slice(0, MAX_MESSAGES)
    this.persist()
    return message
  }

  /** Newest first. */
  all(): StoredMessage[] {
    return this.messages
  }

  get(id: string): StoredMessage | undefined {
    return id === 'latest' ? this.messages[0] : this.messages.find((message) => message.ID === id)
  }

  setRead(ids: string[] | undefined, read: boolean): void {
    for (const message of this.messages) if (!ids || ids.includes(message.ID)) message.Read = read
    this.persist()
  }

  delete(ids?: string[]): void {
    this.messages = ids ? this.messages.filter((message) => !ids.includes(message.ID)) : []
    this.persist()
  }
}
