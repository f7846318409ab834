/** The embedded local stack's API address: the default when VITE_SUPABASE_URL is not set. */
export const localSupabaseUrl = 'http://127.0.0.1:54321'
