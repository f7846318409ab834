/**
 * Yahrzeit reminders and candles: calls of the reminder-subscribe, send-reminders and
 * light-candle functions from a chosen client address, and the links of reminder e-mails.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXAMPLE_REMINDERS_CRON_SECRETS } from '../../functions/_shared/scheduling/scheduler-secret.ts'
import { localRemindersCronSecret } from '../app/function-env.ts'
import { PROJECT_ROOT } from '../config.ts'
import { requestFrom, testEnv, uniqueAddress } from './clients.ts'
import { linksIn, type MailMessage } from './mailbox.ts'

export interface FunctionAnswer<Body = Record<string, unknown>> {
  status: number
  body: Body
}

async function callFunction<Body>(
  name: string,
  body: unknown,
  { address = uniqueAddress(), token = testEnv.anonKey, headers = {} }: CallOptions = {},
): Promise<FunctionAnswer<Body>> {
  const response = await requestFrom(address, `${testEnv.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: testEnv.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: response.json<Body>() }
}

export interface CallOptions {
  /** The loopback address the request leaves from (per-address limits). */
  address?: string
  /** The bearer token: the publishable key by default (as supabase-js sends it), a user's access token, or null for none. */
  token?: string | null
  headers?: Record<string, string>
}

export function subscribeToReminders(bookRef: string, email: string, options?: CallOptions) {
  return callFunction<{ ok?: boolean; status?: string; error?: string; code?: string }>(
    'reminder-subscribe',
    { book_ref: bookRef, email },
    options,
  )
}

/** send-reminders as the local scheduler and Supabase Cron call it (its secret header), for the day `today`. */
export function sendReminders(
  today: string,
  options: CallOptions = { token: null, headers: { 'x-reminders-secret': remindersCronSecret() } },
) {
  return callFunction<{ today?: string; sent?: number; failed?: number; error?: string; code?: string }>(
    'send-reminders',
    { today },
    options,
  )
}

/** send-memory-news as the scheduler calls it (its secret header). */
export function sendMemoryNews(
  options: CallOptions = { token: null, headers: { 'x-reminders-secret': remindersCronSecret() } },
) {
  return callFunction<{ sent?: number; failed?: number; error?: string; code?: string }>(
    'send-memory-news',
    {},
    options,
  )
}

/**
 * The scheduler secret the local functions run with: supabase/functions/.env's, or the stack's own
 * when that is absent or the refused example value (as supabase/local/app/function-env.ts decides).
 */
export function remindersCronSecret(): string {
  const env = path.join(PROJECT_ROOT, 'supabase', 'functions', '.env')
  const configured = fs.existsSync(env)
    ? /^REMINDERS_CRON_SECRET=(.+)$/m.exec(fs.readFileSync(env, 'utf8'))?.[1]?.trim()
    : undefined
  return configured && !EXAMPLE_REMINDERS_CRON_SECRETS.includes(configured) ? configured : localRemindersCronSecret()
}

export interface CandleAnswer {
  ok?: boolean
  reason?: string
  count?: number
  lit_today?: boolean
  error?: string
  code?: string
}

export function lightCandle(
  bookRef: string,
  visitor: string,
  extra: { name?: string; access_grant?: string } = {},
  options?: CallOptions,
) {
  return callFunction<CandleAnswer>('light-candle', { book_ref: bookRef, visitor, ...extra }, options)
}

/** The token of the reminder link (/reminders/confirm or /reminders/unsubscribe) in an e-mail. */
export function reminderToken(mail: MailMessage, kind: 'confirm' | 'unsubscribe'): string {
  const link = linksIn(mail).find((href) => href.includes(`/reminders/${kind}?token=`))
  if (!link) throw new Error(`no ${kind} link in "${mail.Subject}"`)
  return new URL(link).searchParams.get('token')!
}
