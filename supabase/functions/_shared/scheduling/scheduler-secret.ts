/**
 * The secret Supabase Cron sends to send-reminders. It must be one nobody can read in this
 * repository: at least 32 characters and not the example value of supabase/functions/.env.example
 * (a deployment that copied the example file as it is would otherwise let anyone who read the
 * code trigger the daily mailing).
 */

/** The value .env.example shows, and the one it showed before; never accepted. */
export const EXAMPLE_REMINDERS_CRON_SECRETS: readonly string[] = [
  'example-only-replace-with-openssl-rand-hex-32-0000',
  'local-reminders-cron-secret-0123456789abcdef',
]

const MIN_SCHEDULER_SECRET_LENGTH = 32

export function usableSchedulerSecret(secret: string | null | undefined): secret is string {
  return (
    typeof secret === 'string' &&
    secret.trim() === secret &&
    secret.length >= MIN_SCHEDULER_SECRET_LENGTH &&
    !EXAMPLE_REMINDERS_CRON_SECRETS.includes(secret)
  )
}
