import { describe, expect, it } from 'vitest'
import {
  anonClient,
  mailsTo,
  otpCode,
  serviceClient,
  sql,
  TEST_PASSWORD,
  testEnv,
  uniqueEmail,
  verifyLink,
  waitForMail,
} from '../testing/index.ts'

const authUrl = `${testEnv.apiUrl}/auth/v1`
const redirectTo = `${testEnv.siteUrl}/welcome`

/** The last confirmation e-mail moves past max_frequency (1 s in config.toml) without waiting. */
async function sendConfirmationEarlier(email: string): Promise<void> {
  await sql(
    `update "auth"."users" set "confirmation_sent_at" = "confirmation_sent_at" - interval '1 minute' where "email" = $1`,
    [email],
  )
}

describe('sign-up with e-mail confirmation', () => {
  it('sends a Hebrew confirmation e-mail whose link redirects back with a session in the fragment', async () => {
    const client = anonClient()
    const email = uniqueEmail('signup')
    const { data, error } = await client.auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: { data: { full_name: 'רות כהן' }, emailRedirectTo: redirectTo },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'רות כהן' })
    expect(data.user?.identities).toHaveLength(1)
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()

    const mail = await waitForMail(email)
    expect(mail.Subject).toBe('אישור ההרשמה לזוכרים')
    expect(mail.HTML).toContain('dir="rtl"')
    expect(mail.HTML).toContain('זוכרים')
    const link = verifyLink(mail)
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo)

    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo)
    const hash = new URLSearchParams(location.hash.slice(1))
    expect([...hash.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ])
    expect(hash.get('type')).toBe('signup')
    expect(hash.get('expires_in')).toBe('3600')

    const { data: session, error: sessionError } = await client.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    })
    expect(sessionError).toBeNull()
    expect(session.user?.email).toBe(email)
    expect(session.user?.email_confirmed_at).toBeTruthy()

    const again = await fetch(link, { redirect: 'manual' })
    const errorHash = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1))
    expect(errorHash.get('error_code')).toBe('otp_expired')
    expect(errorHash.get('error')).toBe('access_denied')
  })

  it('confirms with the 6-digit code through verifyOtp', async () => {
    const client = anonClient()
    const email = uniqueEmail('otp')
    await client.auth.signUp({ email, password: TEST_PASSWORD })
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: otpCode(await waitForMail(email)),
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeTruthy()
  })

  it('refuses to sign in an unconfirmed user with email_not_confirmed', async () => {
    const client = anonClient()
    const email = uniqueEmail('unconfirmed')
    await client.auth.signUp({ email, password: TEST_PASSWORD })
    const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD })
    expect(data.session).toBeNull()
    expect(error?.code).toBe('email_not_confirmed')
    expect(error?.status).toBe(400)
  })

  it('answers a duplicate sign-up of a confirmed address with a decoy user without identities', async () => {
    const client = anonClient()
    const email = uniqueEmail('duplicate')
    const { data: created } = await serviceClient().auth.admin.createUser({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
    })
    const { data, error } = await client.auth.signUp({ email, password: 'another-password-1' })
    expect(error).toBeNull()
    expect(data.user?.identities).toEqual([])
    expect(data.user?.id).not.toBe(created.user?.id)
    expect(data.session).toBeNull()
    expect((await mailsTo(email)).length).toBe(0)
  })

  it('re-sends the confirmation to an unconfirmed address that signs up again', async () => {
    const client = anonClient()
    const email = uniqueEmail('resignup')
    const first = await client.auth.signUp({ email, password: TEST_PASSWORD })
    await sendConfirmationEarlier(email)
    const second = await client.auth.signUp({ email, password: TEST_PASSWORD })
    expect(second.error).toBeNull()
    expect(second.data.user?.id).toBe(first.data.user?.id)
    expect((await mailsTo(email)).length).toBe(2)
  })

  it('re-sends the confirmation on request, no more often than max_frequency', async () => {
    const client = anonClient()
    const email = uniqueEmail('resend')
    await client.auth.signUp({ email, password: TEST_PASSWORD })
    const tooSoon = await client.auth.resend({ type: 'signup', email })
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit')
    expect(tooSoon.error?.status).toBe(429)
    await sendConfirmationEarlier(email)
    const { error } = await client.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } })
    expect(error).toBeNull()
    expect((await mailsTo(email)).length).toBe(2)
    expect(verifyLink(await waitForMail(email, { count: 2 })).searchParams.get('redirect_to')).toBe(redirectTo)
    const unknown = await client.auth.resend({ type: 'signup', email: uniqueEmail('resend-none') })
    expect(unknown.error).toBeNull()
  })

  it('refuses a short password with weak_password and its reasons', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: 'short7!' })
    expect(error?.code).toBe('weak_password')
    expect(error?.status).toBe(422)
    expect((error as { reasons?: string[] }).reasons).toEqual(['length'])
    expect(error?.message).toBe('Password should be at least 8 characters.')
  })

  it('refuses an invalid e-mail with validation_failed', async () => {
    const { error } = await anonClient().auth.signUp({ email: 'not-an-email', password: TEST_PASSWORD })
    expect(error?.code).toBe('validation_failed')
    expect(error?.status).toBe(400)
  })

  it('sends both code and error_code with the API version header', async () => {
    const response = await fetch(`${authUrl}/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: testEnv.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail('nobody'), password: TEST_PASSWORD }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(await response.json()).toMatchObject({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    })
  })

  it('fires triggers on auth.users inside the sign-up transaction, and a failing trigger undoes the sign-up', async () => {
    await sql(`create table if not exists public.auth_test_profiles (id uuid primary key, full_name text)`)
    await sql(`create or replace function public.auth_test_new_user() returns trigger language plpgsql security definer as $$
      begin
        if new.raw_user_meta_data ->> 'full_name' = 'fail' then raise exception 'profile refused'; end if;
        insert into public.auth_test_profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
        return new;
      end $$`)
    await sql(
      `create trigger auth_test_on_signup after insert on auth.users for each row execute function public.auth_test_new_user()`,
    )
    try {
      const client = anonClient()
      const { data } = await client.auth.signUp({
        email: uniqueEmail('trigger'),
        password: TEST_PASSWORD,
        options: { data: { full_name: 'דוד לוי' } },
      })
      const rows = await sql<{ full_name: string }>('select full_name from public.auth_test_profiles where id = $1', [
        data.user!.id,
      ])
      expect(rows).toEqual([{ full_name: 'דוד לוי' }])

      const failing = uniqueEmail('trigger-fail')
      const { error } = await client.auth.signUp({
        email: failing,
        password: TEST_PASSWORD,
        options: { data: { full_name: 'fail' } },
      })
      expect(error?.status).toBe(500)
      const users = await sql('select id from auth.users where email = $1', [failing])
      expect(users).toEqual([])
      expect((await mailsTo(failing)).length).toBe(0)
    } finally {
      // Leave nothing behind: the app's catalogue checks inspect every table and function in public.
      // CASCADE drops the trigger too: on hosted, postgres may create triggers on auth.users but
      // only their owner may drop them directly.
      await sql(`drop function if exists public.auth_test_new_user() cascade`)
      await sql(`drop table if exists public.auth_test_profiles`)
    }
  })

  it('publishes /settings with e-mail sign-up on and confirmations required', async () => {
    const response = await fetch(`${authUrl}/settings`, { headers: { apikey: testEnv.anonKey } })
    const settings = (await response.json()) as {
      external: { email: boolean }
      disable_signup: boolean
      mailer_autoconfirm: boolean
    }
    expect(settings).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: false })
  })
})
