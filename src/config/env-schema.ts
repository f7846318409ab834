import { z } from 'zod'
import { he } from '../i18n/he'
import { defaultSupportEmail } from './brand-defaults'
import { localSupabasePublishableKey, localSupabaseUrl } from './local-stack'

/** An empty variable counts as unset, so `VITE_X=` in a .env file falls back to the default. */
function optional<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema)
}

/** The role a legacy JWT key names in its payload; undefined for anything else. */
function legacyKeyRole(key: string): unknown {
  const payload = key.split('.')[1]
  if (key.split('.').length !== 3 || !payload) return undefined
  try {
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown }).role
  } catch {
    return undefined
  }
}

/**
 * The browser's key ships in the bundle, readable by anyone: it must be the publishable key (or a
 * legacy project's anon key), never the secret key nor the legacy service_role key, which bypass
 * every row-level rule (and which hosted Supabase refuses from a browser anyway).
 */
const browserKey = z
  .string()
  .min(1)
  .refine((key) => !key.startsWith('sb_secret_') && legacyKeyRole(key) !== 'service_role', {
    message:
      'A secret key (sb_secret_… or the legacy service_role key) must never reach the browser: give the publishable key (sb_publishable_…)',
  })

/**
 * The VITE_ variables the build writes into the page, checked when the build (or the dev server)
 * starts: an invalid value stops it with every such variable named. Imported relatively, so that
 * vite.config.ts can load it.
 */
const envSchema = z.object({
  VITE_SUPABASE_URL: optional(z.url().default(localSupabaseUrl)),
  VITE_SUPABASE_PUBLISHABLE_KEY: optional(browserKey.default(localSupabasePublishableKey)),
  VITE_BRAND_NAME: optional(z.string().trim().min(1).default(he.brand.name)),
  VITE_COMPANY_NAME: optional(z.string().trim().min(1).default(he.brand.company)),
  VITE_SUPPORT_EMAIL: optional(z.email().default(defaultSupportEmail)),
})

type Env = z.infer<typeof envSchema>

/** Parses the environment; throws with every invalid variable named. */
export function readEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`)
  return result.data
}
