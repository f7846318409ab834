import { describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { anonClient, createUser, sql, TEST_PASSWORD, testEnv, uniqueEmail } from '../testing/index.ts'

const authUrl = `${testEnv.apiUrl}/auth/v1`

async function signedIn(label: string) {
  const user = await createUser({ label: label })
  const client = anonClient()
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password })
  if (error) throw error
  return { ...user, client, session: data.session }
}

async function refresh(refreshToken: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${authUrl}/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: testEnv.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('password sign-in and the session object', () => {
  it('returns a session whose access token carries the claims of GoTrue', async () => {
    const { id, email, session } = await signedIn('claims')
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
    expect(session.user.id).toBe(id)
    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${testEnv.apiUrl}/auth/v1`,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password')
    const sessions = await sql('select id from auth.sessions where id = $1', [claims.session_id])
    expect(sessions).toHaveLength(1)
  })

  it('answers invalid_credentials for a wrong password and an unknown e-mail alike', async () => {
    const { email } = await createUser({ label: 'wrong' })
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' })
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('ghost'), password: TEST_PASSWORD })
    for (const { error } of [wrong, unknown]) {
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.status).toBe(400)
      expect(error?.message).toBe('Invalid login credentials')
    }
  })

  it('signs in a user seeded by SQL with a pgcrypto bcrypt hash', async () => {
    const email = uniqueEmail('seeded')
    await sql(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf')), now(),
               '{"provider":"email","providers":["email"]}', '{}')`,
      [email, TEST_PASSWORD],
    )
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
  })

  it('limits failed sign-ins per e-mail with over_request_rate_limit', async () => {
    const { email, password } = await createUser({ label: 'ratelimit' })
    const client = anonClient()
    for (let i = 0; i < 10; i += 1) {
      const { error } = await client.auth.signInWithPassword({ email, password: `wrong-${i}-password` })
      expect(error?.code).toBe('invalid_credentials')
    }
    const { error } = await client.auth.signInWithPassword({ email, password })
    expect(error?.status).toBe(429)
    expect(error?.code).toBe('over_request_rate_limit')
  })
})

describe('refresh-token rotation', () => {
  it('rotates the refresh token and emits TOKEN_REFRESHED', async () => {
    const { client, session } = await signedIn('rotate')
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session?.refresh_token).not.toBe(session.refresh_token)
    expect(data.session?.user.id).toBe(session.user.id)
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id)
    expect(events).toContain('TOKEN_REFRESHED')
  })

  it('hands back the current child when a just-rotated token is reused, and refuses it after the window', async () => {
    const { session } = await signedIn('reuse')
    const first = await refresh(session.refresh_token)
    expect(first.status).toBe(200)
    const reused = await refresh(session.refresh_token)
    expect(reused.status).toBe(200)
    expect(reused.body.refresh_token).toBe(first.body.refresh_token)

    await sql(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [
      session.refresh_token,
    ])
    const late = await refresh(session.refresh_token)
    expect(late.status).toBe(400)
    expect(late.body.code).toBe('refresh_token_already_used')
  })

  it('keeps both sessions when two clients refresh the same token at once', async () => {
    const { session } = await signedIn('race')
    const tokens = { access_token: session.access_token, refresh_token: session.refresh_token }
    const [a, b] = [anonClient(), anonClient()]
    await a.auth.setSession(tokens)
    await b.auth.setSession(tokens)
    const [ra, rb] = await Promise.all([a.auth.refreshSession(), b.auth.refreshSession()])
    expect(ra.error).toBeNull()
    expect(rb.error).toBeNull()
    expect(ra.data.session?.refresh_token).toBe(rb.data.session?.refresh_token)
    for (const client of [a, b]) {
      const { data, error } = await client.auth.getUser()
      expect(error).toBeNull()
      expect(data.user?.id).toBe(session.user.id)
    }
  })

  it('answers refresh_token_not_found for an unknown token', async () => {
    const { status, body } = await refresh('no-such-token')
    expect(status).toBe(400)
    expect(body.code).toBe('refresh_token_not_found')
  })
})

describe('sign-out scopes', () => {
  it('global sign-out ends every session: getUser fails with session_not_found', async () => {
    const { email, password, client } = await signedIn('global')
    const other = anonClient()
    await other.auth.signInWithPassword({ email, password })
    const { data: before } = await other.auth.getSession()
    const { error } = await client.auth.signOut({ scope: 'global' })
    expect(error).toBeNull()
    const response = await fetch(`${authUrl}/user`, {
      headers: {
        apikey: testEnv.anonKey,
        authorization: `Bearer ${before.session!.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { code: string }).code).toBe('session_not_found')
    const { error: userError } = await other.auth.getUser()
    expect(userError?.name).toBe('AuthSessionMissingError')
  })

  it('local sign-out keeps the other sessions; others keeps only this one', async () => {
    const { email, password, client } = await signedIn('scopes')
    const second = anonClient()
    const third = anonClient()
    await second.auth.signInWithPassword({ email, password })
    await third.auth.signInWithPassword({ email, password })

    await client.auth.signOut({ scope: 'local' })
    expect((await second.auth.getUser()).error).toBeNull()

    await second.auth.signOut({ scope: 'others' })
    expect((await second.auth.getUser()).error).toBeNull()
    expect((await third.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
  })

  it('refuses /user without a bearer token and with a forged one', async () => {
    const missing = await fetch(`${authUrl}/user`, {
      headers: { apikey: testEnv.anonKey, 'x-supabase-api-version': '2024-01-01' },
    })
    expect(missing.status).toBe(401)
    expect(((await missing.json()) as { code: string }).code).toBe('no_authorization')
    const forged = await fetch(`${authUrl}/user`, {
      headers: {
        apikey: testEnv.anonKey,
        authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad',
        'x-supabase-api-version': '2024-01-01',
      },
    })
    expect(forged.status).toBe(403)
    expect(((await forged.json()) as { code: string }).code).toBe('bad_jwt')
  })
})
