/** The embedded local stack's API address: the default when VITE_SUPABASE_URL is not set. */
export const localSupabaseUrl = 'http://127.0.0.1:54321'

/** The anon key every local Supabase stack signs with (public by design; not a secret). */
export const localSupabaseAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
