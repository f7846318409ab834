/** The embedded local stack's API address: the default when VITE_SUPABASE_URL is not set. */
export const localSupabaseUrl = 'http://127.0.0.1:54321'

/**
 * The publishable key of every local Supabase stack (public by design; not a secret). A project
 * that still has only legacy keys puts its anon key in VITE_SUPABASE_PUBLISHABLE_KEY instead.
 */
export const localSupabasePublishableKey = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
