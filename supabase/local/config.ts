/**
 * Settings of the embedded local stack. Every value can be overridden by environment so that the
 * tests run a second, isolated stack beside a developer's `npm start`.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * The API keys of a project created today, as `supabase start` prints them: the publishable key
 * (role anon) and the secret key (role service_role) travel in the `apikey` header; neither is a JWT.
 */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

/**
 * The legacy keys of `supabase start` (HS256 JWTs of the well-known secret), accepted beside the new
 * ones only while STACK_LEGACY_API_KEYS=on (a project in migration), so old `.env.local` files work.
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

export interface StackConfig {
  host: string
  gatewayPort: number
  mailboxPort: number
  paymentsPort: number
  /** Where the SPA runs; auth e-mail links fall back to it. */
  siteUrl: string
  dataDir: string
  /** When set, a real PostgreSQL server is used instead of PGlite. */
  databaseUrl?: string
  /** false = sign-up needs the confirmation e-mail (Supabase's default). */
  autoconfirm: boolean
  jwtExpirySeconds: number
  minPasswordLength: number
  quiet: boolean
  /** The app's scheduled jobs (StackApp.startJobs) run; STACK_SCHEDULED_JOBS=off turns them off. */
  scheduledJobs: boolean
  /**
   * The legacy anon / service_role JWT keys and HS256 user tokens of the well-known secret are
   * accepted: STACK_LEGACY_API_KEYS=on. Off by default, as on a project created today. A switch of
   * the local stack alone, so it is no key of supabase/config.toml (the Supabase CLI refuses keys it
   * does not know).
   */
  legacyApiKeys: boolean
}

function intFromEnv(value: string | undefined, fallback: number): number {
  const parsed = value ? Number.parseInt(value, 10) : Number.NaN
  return Number.isFinite(parsed) ? parsed : fallback
}

export function loadStackConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  return {
    host: env.STACK_HOST ?? '127.0.0.1',
    gatewayPort: intFromEnv(env.STACK_PORT, 54321),
    mailboxPort: intFromEnv(env.MAILBOX_PORT, 54324),
    paymentsPort: intFromEnv(env.PAYMENTS_PORT, 54326),
    siteUrl: env.SITE_URL ?? 'http://127.0.0.1:5173',
    dataDir: path.resolve(PROJECT_ROOT, env.STACK_DATA_DIR ?? '.stack-data'),
    databaseUrl: env.DATABASE_URL || undefined,
    autoconfirm: env.AUTH_AUTOCONFIRM === 'true',
    jwtExpirySeconds: intFromEnv(env.JWT_EXPIRY, 3600),
    minPasswordLength: 8,
    quiet: env.STACK_QUIET === 'true',
    scheduledJobs: env.STACK_SCHEDULED_JOBS !== 'off',
    legacyApiKeys: env.STACK_LEGACY_API_KEYS === 'on',
  }
}

export function gatewayUrl(config: StackConfig): string {
  return `http://${config.host}:${config.gatewayPort}`
}
export function mailboxUrl(config: StackConfig): string {
  return `http://${config.host}:${config.mailboxPort}`
}
export function paymentsUrl(config: StackConfig): string {
  return `http://${config.host}:${config.paymentsPort}`
}
