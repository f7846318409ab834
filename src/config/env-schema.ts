import { z } from 'zod'
import { he } from '@/i18n/he'
import { defaultSupportEmail } from './brand'
import { localSupabaseAnonKey, localSupabaseUrl } from './local-stack'

export { localSupabaseAnonKey, localSupabaseUrl }

/** An empty variable counts as unset, so `VITE_X=` in a .env file falls back to the default. */
function optional<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema)
}

export const envSchema = z.object({
  VITE_SUPABASE_URL: optional(z.url().default(localSupabaseUrl)),
  VITE_SUPABASE_ANON_KEY: optional(z.string().min(1).default(localSupabaseAnonKey)),
  VITE_BRAND_NAME: optional(z.string().trim().min(1).default(he.brand.name)),
  VITE_COMPANY_NAME: optional(z.string().trim().min(1).default(he.brand.company)),
  VITE_SUPPORT_EMAIL: optional(z.email().default(defaultSupportEmail)),
})

export type Env = z.infer<typeof envSchema>

/** Parses the environment; throws with every invalid variable named. */
export function readEnv(source: Record<string, unknown> = import.meta.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`)
  return result.data
}

export const env = readEnv()
