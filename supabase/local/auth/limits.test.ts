/**
 * Sign-in and one-time-code limits that hold under concurrency and cannot be turned against the
 * owner: wrong passwords are counted per client and per account before the password is checked,
 * codes are limited per address and per client and die after a few wrong tries, and a refresh
 * token family revoked for reuse never mints a session again. Each client is a loopback address.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  createUser,
  otpCode,
  requestFrom,
  sql,
  testEnv,
  uniqueEmail,
  waitForMail,
} from '../testing/index.ts'

const authUrl = `${testEnv.apiUrl}/auth/v1`
const headers = { apikey: testEnv.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }

function signIn(from: string, email: string, password: string, extra: Record<string, string> = {}) {
  return requestFrom(from, `${authUrl}/token?grant_type=password`, {
    method: 'POST',
    headers: { ...headers, ...extra },
    body: JSON.stringify({ email, password }),
  })
}

function verify(from: string, body: Record<string, string>) {
  return requestFrom(from, `${authUrl}/verify`, { method: 'POST', headers, body: JSON.stringify(body) })
}

/** A loopback address no earlier run against this stack has used (the whole 127/8 reaches it). */
function newClient(): string {
  const part = () => 1 + Math.floor(Math.random() * 254)
  return `127.${part()}.${part()}.${part()}`
}

function countBy(statuses: number[]): Record<number, number> {
  return statuses.reduce<Record<number, number>>(
    (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  )
}

describe('password sign-in limits', () => {
  it('checks at most 10 of 60 parallel wrong passwords; another client still signs in with the right one', async () => {
    const { email, password } = await createUser({ label: 'parallel' })
    const [attacker, owner] = [newClient(), newClient()]
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(attacker, email, `wrong-${i}-password`)),
    )
    const counts = countBy(answers.map((answer) => answer.status))
    // invalid_credentials (400) is only answered after a bcrypt comparison; the rest were refused before one.
    expect(counts[400]).toBeLessThanOrEqual(10)
    expect(counts[429]).toBeGreaterThanOrEqual(50)
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(60)
    expect(answers.find((answer) => answer.status === 429)?.json()).toMatchObject({ code: 'over_request_rate_limit' })

    const limited = await signIn(attacker, email, password)
    expect(limited.status).toBe(429)
    const fromOwner = await signIn(owner, email, password)
    expect(fromOwner.status).toBe(200)
    expect(fromOwner.json()).toMatchObject({ token_type: 'bearer', user: { email } })
  })

  it('ignores a client-supplied X-Forwarded-For / X-Real-IP', async () => {
    const { email } = await createUser({ label: 'spoof' })
    const client = newClient()
    for (let i = 0; i < 10; i += 1) {
      const spoofed = { 'x-forwarded-for': `10.0.0.${i}`, 'x-real-ip': `10.0.0.${i}` }
      expect((await signIn(client, email, `wrong-${i}-password`, spoofed)).status).toBe(400)
    }
    expect((await signIn(client, email, 'wrong-x-password', { 'x-real-ip': '10.9.9.9' })).status).toBe(429)
  })

  it('limits password spraying across accounts from one client', async () => {
    const statuses: number[] = []
    const client = newClient()
    for (let i = 0; i < 31; i += 1)
      statuses.push((await signIn(client, uniqueEmail(`spray${i}`), 'Spring2026!')).status)
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})

describe("an account's ceiling", () => {
  it('lets the owner sign in from a device they used while a distributed guess refuses new clients', async () => {
    const { email, password } = await createUser({ label: 'guessed-owner' })
    const ownersPhone = newClient()
    expect((await signIn(ownersPhone, email, password)).status).toBe(200)
    const guesses: number[] = []
    for (let start = 0; start < 100; start += 10) {
      const batch = Array.from({ length: 10 }, (_, i) => signIn(newClient(), email, `guess-${start + i}-password`))
      guesses.push(...(await Promise.all(batch)).map((answer) => answer.status))
    }
    expect(guesses.every((status) => status === 400)).toBe(true)
    expect((await signIn(newClient(), email, password)).status).toBe(429)
    const owner = await signIn(ownersPhone, email, password)
    expect(owner.status).toBe(200)
    expect(owner.json()).toMatchObject({ user: { email } })
  })
})

describe('one-time code limits', () => {
  it('compares at most 5 of 50 parallel wrong codes for an address, then the code is dead', async () => {
    const { email } = await createUser({ label: 'otp' })
    const { error } = await anonClient().auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
    const code = otpCode(await waitForMail(email))
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => verify(newClient(), { type: 'recovery', email, token: wrong(i) })),
    )
    const counts = countBy(answers.map((answer) => answer.status))
    expect(counts[403]).toBeLessThanOrEqual(5)
    expect((counts[403] ?? 0) + (counts[429] ?? 0)).toBe(50)
    const stored = await sql<{ recovery_token: string }>('select recovery_token from auth.users where email = $1', [
      email,
    ])
    expect(stored[0]?.recovery_token).toBe('')
    const late = await verify(newClient(), { type: 'recovery', email, token: code })
    expect([403, 429]).toContain(late.status)
    expect(late.json()).not.toHaveProperty('access_token')
  })

  it('still accepts the right code after a few wrong ones below the limit', async () => {
    const { email } = await createUser({ label: 'otp-ok' })
    await anonClient().auth.resetPasswordForEmail(email)
    const code = otpCode(await waitForMail(email))
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const client = newClient()
    for (let i = 0; i < 3; i += 1)
      expect((await verify(client, { type: 'recovery', email, token: wrong })).status).toBe(403)
    const right = await verify(client, { type: 'recovery', email, token: code })
    expect(right.status).toBe(200)
  })

  it('limits failed verifications per client, by code or by token hash', async () => {
    const statuses: number[] = []
    const client = newClient()
    for (let i = 0; i < 31; i += 1) {
      const tokenHash = `${i}`.padStart(56, '0')
      statuses.push((await verify(client, { type: i % 2 ? 'signup' : 'magiclink', token_hash: tokenHash })).status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true)
    expect(statuses[30]).toBe(429)
    const link = await requestFrom(
      client,
      `${authUrl}/verify?type=recovery&token=${'f'.repeat(56)}&redirect_to=${encodeURIComponent(testEnv.siteUrl)}`,
      { headers },
    )
    expect(link.status).toBe(303)
    expect(link.headers.location).toContain('error_code=over_request_rate_limit')
  })
})

describe('refresh-token reuse', () => {
  async function refresh(token: string) {
    const response = await fetch(`${authUrl}/token?grant_type=refresh_token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ refresh_token: token }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('never mints a session from a family revoked for reuse, not even inside the reuse window', async () => {
    const { email, password } = await createUser({ label: 'family' })
    const { data } = await anonClient().auth.signInWithPassword({ email, password })
    const original = data.session!.refresh_token
    const child = await refresh(original)
    expect(child.status).toBe(200)
    await sql(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [original])
    const stolen = await refresh(original)
    expect(stolen.body.code).toBe('refresh_token_already_used')
    // The child was revoked a moment ago, inside its reuse window: still refused.
    const afterRevocation = await refresh(child.body.refresh_token as string)
    expect(afterRevocation.status).toBe(400)
    expect(afterRevocation.body.code).toBe('session_expired')
    const again = await refresh(original)
    expect(again.status).toBe(400)
  })
})
