/**
 * The environment edge functions run with, as hosted Supabase gives it: the project's URL and
 * keys, plus the secrets from supabase/functions/.env (git-ignored), or from the committed
 * .env.example while no .env exists. The payment sandbox reads the same secrets, so both ends of
 * a Stripe webhook agree on STRIPE_WEBHOOK_SECRET.
 */
import fs from 'node:fs'
import path from 'node:path'
import { ANON_KEY, PROJECT_ROOT, SERVICE_ROLE_KEY } from '../config.ts'
import type { Stack } from '../types.ts'

export const FUNCTIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'functions')

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\n/g, '\n').replace(/\\"/g, '"')
  }
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1)
  return value.replace(/\s+#.*$/, '')
}

/** `KEY=VALUE` lines; blank lines, `# comments` and an `export ` prefix are allowed. */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (match && !line.trimStart().startsWith('#')) values[match[1]!] = unquote(match[2]!)
  }
  return values
}

/** The function secrets: .env when present, else .env.example's documented local defaults. */
export function readFunctionSecrets(dir = FUNCTIONS_DIR): Record<string, string> {
  for (const file of ['.env', '.env.example']) {
    const full = path.join(dir, file)
    if (fs.existsSync(full)) return parseDotenv(fs.readFileSync(full, 'utf8'))
  }
  return {}
}

const LOOPBACK = /^(https?:\/\/)?(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i

/** Secrets that point at this machine are meant as "the local stack": use its real addresses. */
function localStackOverrides(secrets: Record<string, string>, stack: Stack): Record<string, string> {
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

export function functionEnvironment(stack: Stack, secrets = readFunctionSecrets()): Record<string, string> {
  return {
    ...secrets,
    ...localStackOverrides(secrets, stack),
    SUPABASE_URL: stack.urls.api,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    ...(stack.config.databaseUrl ? { SUPABASE_DB_URL: stack.config.databaseUrl } : {}),
    SITE_URL: stack.urls.site,
    MAILBOX_URL: stack.urls.mailbox,
    PAYMENTS_URL: stack.urls.payments,
  }
}
