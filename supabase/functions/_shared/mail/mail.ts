/**
 * Transactional e-mail through an HTTP API, so a function needs no SMTP client.
 *
 * Environment:
 * - MAIL_API_URL   where to POST. Locally the stack's mailbox, `http://127.0.0.1:54324/api/v1/send`
 *                  (the stack rewrites it to the running mailbox's address).
 * - MAIL_API_FORMAT `mailpit` (default): Mailpit's send API body
 *                  {From:{Email,Name}, To:[{Email,Name}], Subject, HTML, Text}; a production Mailpit
 *                  relay or any service taking that body works as is.
 *                  `resend`: Resend's API (MAIL_API_URL=https://api.resend.com/emails),
 *                  {from:'Name <addr>', to:['addr'], subject, html, text}.
 * - MAIL_API_KEY   sent as `Authorization: Bearer …` when set (required by Resend).
 * - MAIL_FROM      the sender, `Name <address>`.
 */
import { requireEnv } from '../clients/env.ts'
import { mailText } from './mail-text.ts'
import type { OutgoingMail } from './frame.ts'

export interface MailAddress {
  email: string
  name?: string
}

export type MailApiFormat = 'mailpit' | 'resend'

export interface MailSettings {
  url: string
  format: MailApiFormat
  apiKey?: string
  from: MailAddress
}

/** `Name <address>` or a bare address. */
function parseMailAddress(value: string): MailAddress {
  const match = /^\s*(.*?)\s*<\s*([^<>\s]+@[^<>\s]+)\s*>\s*$/.exec(value)
  if (match) return { name: match[1]!.replace(/^"|"$/g, ''), email: match[2]! }
  return { email: value.trim() }
}

function formatAddress({ name, email }: MailAddress): string {
  return name ? `${name} <${email}>` : email
}

function mailSettingsFromEnv(): MailSettings {
  const format = Deno.env.get('MAIL_API_FORMAT') === 'resend' ? 'resend' : 'mailpit'
  return {
    url: requireEnv('MAIL_API_URL'),
    format,
    apiKey: Deno.env.get('MAIL_API_KEY') || undefined,
    from: parseMailAddress(requireEnv('MAIL_FROM')),
  }
}

/** The HTTP request that sends `mail` with `settings` (no I/O, so it can be checked in tests). */
function mailRequest(mail: OutgoingMail, settings: MailSettings): { url: string; init: RequestInit } {
  const body =
    settings.format === 'resend'
      ? {
          from: formatAddress(settings.from),
          to: mail.to.map(formatAddress),
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        }
      : {
          From: { Email: settings.from.email, Name: settings.from.name ?? '' },
          To: mail.to.map(({ email, name }) => ({ Email: email, Name: name ?? '' })),
          Subject: mail.subject,
          HTML: mail.html,
          Text: mail.text,
        }
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' }
  if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`
  return { url: settings.url, init: { method: 'POST', headers, body: JSON.stringify(body) } }
}

export class MailError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MailError'
  }
}

/**
 * The subject and the recipients' names are headers: whatever a caller built them from, they leave
 * as one line without links (mailText), so no user-written field reaches a header raw.
 */
function headerSafe(mail: OutgoingMail): OutgoingMail {
  return {
    ...mail,
    subject: mailText(mail.subject, 200),
    to: mail.to.map(({ email, name }) => ({ email, ...(name ? { name: mailText(name) } : {}) })),
  }
}

/** Sends `mail`; throws MailError when the mail API refuses it or cannot be reached. */
export async function sendMail(mail: OutgoingMail, settings: MailSettings = mailSettingsFromEnv()): Promise<void> {
  const { url, init } = mailRequest(headerSafe(mail), settings)
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (error) {
    throw new MailError(`mail API unreachable: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!response.ok) {
    throw new MailError(`mail API answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
  }
  await response.body?.cancel()
}

export { mailText } from './mail-text.ts'

/** Mail is a courtesy: a failure is logged and never undoes what the function did. */
export async function mailQuietly(send: () => Promise<void>): Promise<void> {
  try {
    await send()
  } catch (error) {
    console.error('mail failed', error)
  }
}
