import { describe, expect, it } from 'vitest'
import {
  anonClient,
  createUser,
  mailsTo,
  pkceClient,
  TEST_PASSWORD,
  testEnv,
  uniqueEmail,
  verifyLink,
  waitForMail,
} from '../testing/index.ts'

const redirectTo = `${testEnv.siteUrl}/reset-password`

describe('password recovery', () => {
  it('mails a recovery link; verifyOtp fires PASSWORD_RECOVERY; the new password signs in', async () => {
    const { email } = await createUser({ label: 'recover' })
    const client = anonClient()
    const { data, error } = await client.auth.resetPasswordForEmail(email, { redirectTo })
    expect(error).toBeNull()
    expect(data).toEqual({})

    const mail = await waitForMail(email)
    expect(mail.Subject).toBe('איפוס הסיסמה שלך בזוכרים')
    const link = verifyLink(mail)
    expect(link.searchParams.get('type')).toBe('recovery')
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo)

    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const verified = await client.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(events).toContain('PASSWORD_RECOVERY')

    const same = await client.auth.updateUser({ password: TEST_PASSWORD })
    expect(same.error?.code).toBe('same_password')
    const weak = await client.auth.updateUser({ password: 'short' })
    expect(weak.error?.code).toBe('weak_password')
    const updated = await client.auth.updateUser({ password: 'a-brand-new-password' })
    expect(updated.error).toBeNull()
    expect(events).toContain('USER_UPDATED')

    const old = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await anonClient().auth.signInWithPassword({ email, password: 'a-brand-new-password' })
    expect(fresh.error).toBeNull()

    const reused = await anonClient().auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'recovery' })
    expect(reused.error?.code).toBe('otp_expired')
  })

  it('redirects a recovery link with type=recovery in the fragment', async () => {
    const { email } = await createUser({ label: 'recover-link' })
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo })
    const response = await fetch(verifyLink(await waitForMail(email)), { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(location.pathname).toBe('/reset-password')
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('recovery')
  })

  it('answers {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('unknown')
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
    expect(data).toEqual({})
    expect((await mailsTo(email)).length).toBe(0)
  })

  it('falls back to the site URL for a foreign redirect', async () => {
    const { email } = await createUser({ label: 'foreign' })
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' })
    expect(verifyLink(await waitForMail(email)).searchParams.get('redirect_to')).toBe(testEnv.siteUrl)
  })
})

describe('PKCE e-mail links', () => {
  it('redirects a PKCE sign-up link with ?code= and exchanges it for a session', async () => {
    const client = pkceClient()
    const email = uniqueEmail('pkce')
    const { error } = await client.auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: { emailRedirectTo: `${testEnv.siteUrl}/auth/callback` },
    })
    expect(error).toBeNull()
    const link = verifyLink(await waitForMail(email))
    expect(link.searchParams.get('token')).toMatch(/^pkce_/)
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(location.hash).toBe('')
    const code = location.searchParams.get('code')!
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    const { data, error: exchangeError } = await client.auth.exchangeCodeForSession(code)
    expect(exchangeError).toBeNull()
    expect(data.user?.email).toBe(email)

    const again = await client.auth.exchangeCodeForSession(code)
    expect(again.error).not.toBeNull()
  })

  it('fires PASSWORD_RECOVERY when a PKCE recovery code is exchanged', async () => {
    const { email } = await createUser({ label: 'pkce-recover' })
    const client = pkceClient()
    await client.auth.resetPasswordForEmail(email, { redirectTo })
    const response = await fetch(verifyLink(await waitForMail(email)), { redirect: 'manual' })
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const { error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(events).toContain('PASSWORD_RECOVERY')
  })

  it('refuses a wrong verifier with bad_code_verifier and an unknown code with flow_state_not_found', async () => {
    const client = pkceClient()
    const email = uniqueEmail('pkce-bad')
    await client.auth.signUp({ email, password: TEST_PASSWORD })
    const response = await fetch(verifyLink(await waitForMail(email)), { redirect: 'manual' })
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!
    const exchange = (authCode: string, verifier: string) =>
      fetch(`${testEnv.apiUrl}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: {
          apikey: testEnv.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ auth_code: authCode, code_verifier: verifier }),
      })
    const bad = await exchange(code, 'x'.repeat(64))
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { code: string }).code).toBe('bad_code_verifier')
    const unknown = await exchange('00000000-0000-4000-8000-000000000000', 'x'.repeat(64))
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { code: string }).code).toBe('flow_state_not_found')
  })
})

describe('user updates', () => {
  it('shallow-merges data into user_metadata and refuses app_metadata', async () => {
    const { email, password } = await createUser({ label: 'update' })
    const client = anonClient()
    await client.auth.signInWithPassword({ email, password })
    await client.auth.updateUser({ data: { full_name: 'מרים', city: 'חיפה' } })
    const { data, error } = await client.auth.updateUser({ data: { city: 'ירושלים' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'מרים', city: 'ירושלים' })
    const response = await fetch(`${testEnv.apiUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: testEnv.anonKey,
        authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    })
    expect(response.status).toBe(403)
  })

  it('changes the e-mail after the new address confirms it', async () => {
    const { email, password } = await createUser({ label: 'change' })
    const client = anonClient()
    await client.auth.signInWithPassword({ email, password })
    const newEmail = uniqueEmail('changed')
    const { data, error } = await client.auth.updateUser({ email: newEmail })
    expect(error).toBeNull()
    expect(data.user?.new_email).toBe(newEmail)
    const link = verifyLink(await waitForMail(newEmail))
    expect(link.searchParams.get('type')).toBe('email_change')
    const verified = await client.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'email_change' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(newEmail)
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password })).error).toBeNull()
  })
})
