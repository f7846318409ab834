/**
 * Function secrets that point at this machine (.env.example's STRIPE_API_HOST, MAIL_API_URL) mean
 * "the local stack": they are given the running stack's real addresses, so a test stack on other
 * ports needs no second .env file.
 */
import type { Stack } from '../types.ts'

const LOOPBACK = /^(https?:\/\/)?(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i

export function localStackAddresses(stack: Stack, secrets: Record<string, string>): Record<string, string> {
  const overrides: Record<string, string> = {}
  const payments = new URL(stack.urls.payments)
  if (secrets.STRIPE_API_HOST && LOOPBACK.test(secrets.STRIPE_API_HOST)) {
    overrides.STRIPE_API_HOST = payments.hostname
    overrides.STRIPE_API_PORT = payments.port
    overrides.STRIPE_API_PROTOCOL = payments.protocol.replace(':', '')
  }
  if (secrets.MAIL_API_URL && LOOPBACK.test(secrets.MAIL_API_URL)) {
    overrides.MAIL_API_URL = new URL(new URL(secrets.MAIL_API_URL).pathname, stack.urls.mailbox).toString()
  }
  return overrides
}
