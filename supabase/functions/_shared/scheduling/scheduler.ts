/**
 * Who may run a scheduled job (send-reminders, send-memory-news): Supabase Cron with the header
 * `x-reminders-secret: <REMINDERS_CRON_SECRET>` (their verify_jwt is off), as the local stack's
 * scheduler and the tests also call them; anyone else gets 401.
 */
import { HttpError } from '../http/http.ts'
import { messages } from '../../../../contracts/messages.ts'
import { usableSchedulerSecret } from './scheduler-secret.ts'

function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) difference |= (a[index] ?? 0) ^ (b[index] ?? 0)
  return difference === 0
}

/**
 * The scheduler's own secret header: no API key or user token stands in for it. A secret shorter
 * than 32 characters, or .env.example's example value, opens nothing (and says so in the log).
 */
export function requireScheduler(req: Request): void {
  const secret = Deno.env.get('REMINDERS_CRON_SECRET') ?? ''
  const givenSecret = req.headers.get('x-reminders-secret') ?? ''
  if (givenSecret && !usableSchedulerSecret(secret)) {
    console.error('scheduled job: REMINDERS_CRON_SECRET is unset, shorter than 32 characters or the example value')
  } else if (givenSecret && sameSecret(givenSecret, secret)) return
  throw new HttpError(401, messages.schedulerOnly, 'scheduler_only')
}
