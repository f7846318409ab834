import { describe, expect, it } from 'vitest'
import { he } from '@/i18n/he'
import { readEnv } from './env-schema'
import { localSupabasePublishableKey, localSupabaseUrl } from './local-stack'

describe('readEnv', () => {
  it('falls back to the local stack and the brand defaults', () => {
    expect(readEnv({})).toEqual({
      VITE_SUPABASE_URL: localSupabaseUrl,
      VITE_SUPABASE_PUBLISHABLE_KEY: localSupabasePublishableKey,
      VITE_BRAND_NAME: he.brand.name,
      VITE_COMPANY_NAME: he.brand.company,
      VITE_SUPPORT_EMAIL: 'support@zochrim.co.il',
    })
  })

  it('treats empty variables as unset', () => {
    expect(readEnv({ VITE_SUPABASE_URL: '', VITE_SUPPORT_EMAIL: ' ' }).VITE_SUPABASE_URL).toBe(localSupabaseUrl)
  })

  it('takes the values given', () => {
    const env = readEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPPORT_EMAIL: 'help@example.org' })
    expect(env.VITE_SUPABASE_URL).toBe('https://abc.supabase.co')
    expect(env.VITE_SUPPORT_EMAIL).toBe('help@example.org')
  })

  it('refuses an invalid address, naming the variable', () => {
    expect(() => readEnv({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL/)
    expect(() => readEnv({ VITE_SUPPORT_EMAIL: 'nobody' })).toThrow(/VITE_SUPPORT_EMAIL/)
  })

  it('refuses a secret key as the browser key, naming the variable (it would ship in the bundle)', () => {
    const secretKey = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'
    expect(() => readEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: secretKey })).toThrow(
      /secret key[\s\S]*VITE_SUPABASE_PUBLISHABLE_KEY/,
    )
    const legacyServiceRole =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
    expect(() => readEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: legacyServiceRole })).toThrow(/secret key/)
  })

  it('takes a publishable key and a legacy anon key', () => {
    const legacyAnon =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
    for (const key of ['sb_publishable_abc123', legacyAnon])
      expect(readEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: key }).VITE_SUPABASE_PUBLISHABLE_KEY).toBe(key)
  })
})
