/**
 * The environment edge functions run with, as hosted Supabase gives it: the project's URL and
 * keys, plus the secrets from supabase/functions/.env (git-ignored), or from the committed
 * .env.example while no .env exists, plus what the app adds. The payment sandbox reads the same
 * secrets, so both ends of a Stripe webhook agree on STRIPE_WEBHOOK_SECRET.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { ANON_KEY, PROJECT_ROOT, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../config.ts'
import { publicJwks } from '../jwt.ts'
import type { Stack } from '../types.ts'

export const FUNCTIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'functions')
/**
 * Functions only the local stack serves (its own test echo), kept out of supabase/functions so
 * that `supabase functions deploy` never ships them. They use the project's deno.json.
 */
export const LOCAL_ONLY_FUNCTIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'local', 'functions', 'local-only')

/** The function secrets: .env when present, else .env.example's documented local defaults. */
export function readFunctionSecrets(dir = FUNCTIONS_DIR): Record<string, string> {
  for (const file of ['.env', '.env.example']) {
    const full = path.join(dir, file)
    if (fs.existsSync(full)) return parseEnv(fs.readFileSync(full, 'utf8')) as Record<string, string>
  }
  return {}
}

/**
 * The keys as hosted gives them: the new ones as JSON objects of named keys and the JWKS; the
 * legacy JWT keys only while they are allowed.
 */
function keyEnvironment(stack: Stack): Record<string, string> {
  return {
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
    SUPABASE_JWKS: JSON.stringify(publicJwks()),
    ...(stack.config.legacyApiKeys ? { SUPABASE_ANON_KEY: ANON_KEY, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY } : {}),
  }
}

export function functionEnvironment(stack: Stack, secrets = readFunctionSecrets()): Record<string, string> {
  return {
    ...secrets,
    ...stack.app.functionEnvironment?.(stack, secrets),
    SUPABASE_URL: stack.urls.api,
    ...keyEnvironment(stack),
    ...(stack.config.databaseUrl ? { SUPABASE_DB_URL: stack.config.databaseUrl } : {}),
    SITE_URL: stack.urls.site,
    MAILBOX_URL: stack.urls.mailbox,
    PAYMENTS_URL: stack.urls.payments,
  }
}
