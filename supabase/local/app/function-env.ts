/**
 * Function secrets that point at this machine (.env.example's STRIPE_API_HOST, PAYPLUS_API_URL,
 * MAIL_API_URL) mean "the local stack": they are given the running stack's real addresses, so a
 * test stack on other ports needs no second .env file. .env.example's REMINDERS_CRON_SECRET, which
 * send-reminders refuses, is replaced by the stack's own random secret. PAYMENT_PROVIDER in the
 * stack's own environment (`PAYMENT_PROVIDER=stripe npm start`) overrides the secret.
 */
import { stackSecrets } from '../stack-secrets.ts'
import { EXAMPLE_REMINDERS_CRON_SECRETS } from '../../functions/_shared/scheduling/scheduler-secret.ts'
import type { Stack } from '../types.ts'

/**
 * The local stack's scheduler secret: random, made with its data folder (stack-secrets.ts), so no
 * one who read the repository can trigger its mailings; tests read it from the same folder.
 */
export function localRemindersCronSecret(): string {
  return stackSecrets().remindersCronSecret
}

const LOOPBACK = /^(https?:\/\/)?(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i

export function localStackAddresses(stack: Stack, secrets: Record<string, string>): Record<string, string> {
  const overrides: Record<string, string> = {}
  const payments = new URL(stack.urls.payments)
  if (secrets.STRIPE_API_HOST && LOOPBACK.test(secrets.STRIPE_API_HOST)) {
    overrides.STRIPE_API_HOST = payments.hostname
    overrides.STRIPE_API_PORT = payments.port
    overrides.STRIPE_API_PROTOCOL = payments.protocol.replace(':', '')
  }
  if (!secrets.REMINDERS_CRON_SECRET || EXAMPLE_REMINDERS_CRON_SECRETS.includes(secrets.REMINDERS_CRON_SECRET)) {
    overrides.REMINDERS_CRON_SECRET = localRemindersCronSecret()
  }
  if (secrets.PAYPLUS_API_URL && LOOPBACK.test(secrets.PAYPLUS_API_URL)) {
    overrides.PAYPLUS_API_URL = new URL(new URL(secrets.PAYPLUS_API_URL).pathname, stack.urls.payments).toString()
  }
  if (process.env.PAYMENT_PROVIDER) overrides.PAYMENT_PROVIDER = process.env.PAYMENT_PROVIDER
  if (secrets.MAIL_API_URL && LOOPBACK.test(secrets.MAIL_API_URL)) {
    overrides.MAIL_API_URL = new URL(new URL(secrets.MAIL_API_URL).pathname, stack.urls.mailbox).toString()
  }
  return overrides
}
