import { localSupabasePublishableKey, localSupabaseUrl } from './local-stack'

/**
 * A VITE_ variable as the build wrote it into the code; an empty one counts as unset. The build
 * refuses invalid values (env-schema.ts), so the page reads them without a validation library.
 */
export function readEnvText(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

export const env = {
  VITE_SUPABASE_URL: readEnvText(import.meta.env.VITE_SUPABASE_URL, localSupabaseUrl),
  VITE_SUPABASE_PUBLISHABLE_KEY: readEnvText(
    import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY,
    localSupabasePublishableKey,
  ),
} as const
