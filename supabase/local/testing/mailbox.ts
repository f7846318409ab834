/**
 * The e-mails the stack sent, through the mailbox's Mailpit API (GET /api/v1/search?query=to:…,
 * GET /api/v1/message/{ID}): waiting for a message to an address, and the links and codes in it.
 */
import { testEnv } from './clients.ts'

export interface MailSummary {
  ID: string
  Subject: string
  To: { Address: string; Name: string }[]
}

export interface MailMessage extends MailSummary {
  HTML: string
  Text: string
}

/** Every message to `address`, newest first. */
export async function mailsTo(address: string): Promise<MailSummary[]> {
  const response = await fetch(`${testEnv.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)
  if (!response.ok) throw new Error(`mailbox search: ${response.status}`)
  return ((await response.json()) as { messages: MailSummary[] }).messages
}

export async function readMail(id: string): Promise<MailMessage> {
  const response = await fetch(`${testEnv.mailboxUrl}/api/v1/message/${encodeURIComponent(id)}`)
  if (!response.ok) throw new Error(`mailbox message ${id}: ${response.status}`)
  return (await response.json()) as MailMessage
}

export interface WaitForMailOptions {
  /** Only messages whose subject contains this. */
  subject?: string
  /** Wait until at least this many such messages arrived (the newest is returned). */
  count?: number
  timeoutMs?: number
}

/** The newest message to `address` (matching `subject`), waiting for it to arrive. */
export async function waitForMail(
  address: string,
  { subject, count = 1, timeoutMs = 15_000 }: WaitForMailOptions = {},
): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const matching = (await mailsTo(address)).filter((message) => !subject || message.Subject.includes(subject))
    if (matching.length >= count) return readMail(matching[0]!.ID)
    if (Date.now() > deadline) {
      throw new Error(
        `no e-mail #${count} to ${address}${subject ? ` about "${subject}"` : ''} (${matching.length} arrived)`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The auth link of an auth e-mail (confirmation, recovery …): `{api}/auth/v1/verify?token=…&redirect_to=…`. */
export function verifyLink(mail: MailMessage): URL {
  const match = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(mail.HTML)
  if (!match) throw new Error(`no auth link in "${mail.Subject}"`)
  return new URL(match[1]!.replace(/&amp;/g, '&'))
}

/** Every link of the message's HTML, in order. */
export function linksIn(mail: MailMessage): string[] {
  return [...mail.HTML.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'))
}

/** The 6-digit one-time code of an auth e-mail. */
export function otpCode(mail: MailMessage): string {
  const match = /\b(\d{6})\b/.exec(mail.Text)
  if (!match) throw new Error('no 6-digit code in the e-mail')
  return match[1]!
}

/** Whether the message is in the designed frame every transactional e-mail uses (right to left, the brand, the footer). */
export function isFramed(mail: MailMessage): boolean {
  return (
    mail.HTML.includes('data-mail-frame') &&
    mail.HTML.includes('<html lang="he" dir="rtl">') &&
    mail.HTML.includes('זוכרים') &&
    mail.HTML.includes('מאת זוכרים · ספר זיכרון דיגיטלי')
  )
}
