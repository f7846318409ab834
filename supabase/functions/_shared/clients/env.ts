/** Environment of the edge functions: required secrets and the site the browser returns to. */
import { HttpError } from '../http/http.ts'

/** A required variable; its absence is a deployment mistake, answered as a logged 500. */
export function requireEnv(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`Missing environment variable ${name}`)
  return value
}

/** The SPA's origin (SITE_URL) without a trailing slash: where Stripe sends the buyer back. */
export function siteUrl(): string {
  const value = Deno.env.get('SITE_URL')
  if (!value) throw new HttpError(500, 'שגיאה בהגדרות השרת', 'site_url_missing')
  return value.replace(/\/+$/, '')
}
