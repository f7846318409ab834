/** Helpers for the auth tests: unique addresses and reading auth e-mails from the mailbox API. */
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { testEnv } from '../testing/clients.ts'

export const PASSWORD = 'correct-horse-9'

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`
}

export interface MailSummary {
  ID: string
  Subject: string
  To: { Address: string }[]
}

export interface MailDetail extends MailSummary {
  HTML: string
  Text: string
}

async function searchMail(to: string): Promise<MailSummary[]> {
  const response = await fetch(`${testEnv.mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
  const body = (await response.json()) as { messages: MailSummary[] }
  return body.messages
}

/** The newest message to `to`, waiting briefly for it; `count` = how many must have arrived. */
export async function latestMail(to: string, count = 1): Promise<MailDetail> {
  const deadline = Date.now() + 5000
  for (;;) {
    const messages = await searchMail(to)
    if (messages.length >= count) {
      const response = await fetch(`${testEnv.mailboxUrl}/api/v1/message/${messages[0]!.ID}`)
      return (await response.json()) as MailDetail
    }
    if (Date.now() > deadline) throw new Error(`no e-mail #${count} to ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function mailCount(to: string): Promise<number> {
  return (await searchMail(to)).length
}

/** The /auth/v1/verify link of an auth e-mail. */
export function verifyLink(mail: MailDetail): URL {
  const match = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(mail.HTML)
  if (!match) throw new Error(`no verify link in "${mail.Subject}"`)
  return new URL(match[1]!.replace(/&amp;/g, '&'))
}

export function otpCode(mail: MailDetail): string {
  const match = /\b(\d{6})\b/.exec(mail.Text)
  if (!match) throw new Error('no 6-digit code in the e-mail')
  return match[1]!
}

/** A client with its own in-memory storage, for flows that need PKCE or persisted state. */
export function pkceClient(): SupabaseClient {
  const memory = new Map<string, string>()
  return createClient(testEnv.apiUrl, testEnv.anonKey, {
    auth: {
      flowType: 'pkce',
      autoRefreshToken: false,
      detectSessionInUrl: false,
      persistSession: true,
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
}

/** Signs a user up and confirms them through the admin API (fast path for tests not about sign-up). */
export async function confirmedUser(admin: SupabaseClient, label: string, password = PASSWORD) {
  const email = uniqueEmail(label)
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw error
  return { email, password, id: data.user.id }
}
