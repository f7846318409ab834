import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { describe, expect, it, vi } from 'vitest'
import { signJwt } from '../jwt.ts'
import { LOCAL_ONLY_FUNCTIONS_DIR } from './env.ts'
import { anonClient, serviceClient, testEnv } from '../testing/clients.ts'
import { mintedUser } from '../testing/minted-user.ts'

const functionsUrl = `${testEnv.apiUrl}/functions/v1`

interface Echo {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  userId: string | null
  pid: number
  env: {
    supabaseUrl: string
    hasSecretKey: boolean
    siteUrl: string
    stripeApiPort: string
    stripeKeyIsTest: boolean
  }
}

async function signedInClient() {
  const email = `fn-${randomUUID()}@example.test`
  const password = 'Selftest-password-1'
  const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true })
  expect(created.error).toBeNull()
  const client = anonClient()
  const signedIn = await client.auth.signInWithPassword({ email, password })
  expect(signedIn.error).toBeNull()
  return { client, userId: created.data.user!.id }
}

/** Signal 0 only asks whether the process still exists. */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('edge functions runtime', () => {
  it('invokes a function under Deno with the body, the stack environment and no user for the anon key', async () => {
    const { data, error } = await anonClient().functions.invoke<Echo>('stack-selftest', { body: { name: 'שלום' } })
    expect(error).toBeNull()
    expect(data).toMatchObject({ method: 'POST', path: '/stack-selftest', body: { name: 'שלום' }, userId: null })
    expect(data!.env).toEqual({
      supabaseUrl: testEnv.apiUrl,
      hasSecretKey: true,
      siteUrl: testEnv.siteUrl,
      stripeApiPort: new URL(testEnv.paymentsUrl).port,
      stripeKeyIsTest: true,
    })
  })

  it("passes the signed-in user's JWT through, so the function can resolve the user", async () => {
    const { client, userId } = await signedInClient()
    const { data, error } = await client.functions.invoke<Echo>('stack-selftest', { body: { ok: true } })
    expect(error).toBeNull()
    expect(data!.userId).toBe(userId)
  })

  it('forwards method, sub-path and query string', async () => {
    const { data, error } = await anonClient().functions.invoke<Echo>('stack-selftest/sub/path?x=1&y=two', {
      method: 'GET',
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({
      method: 'GET',
      path: '/stack-selftest/sub/path',
      query: { x: '1', y: 'two' },
      body: null,
    })
  })

  it('answers a CORS preflight without Authorization', async () => {
    const response = await fetch(`${functionsUrl}/stack-selftest`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization')
  })

  it('surfaces an error status as FunctionsHttpError with a readable JSON body and CORS', async () => {
    const { data, error } = await anonClient().functions.invoke('stack-selftest?status=418', { body: {} })
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const context = (error as FunctionsHttpError).context as Response
    expect(context.status).toBe(418)
    expect(context.headers.get('access-control-allow-origin')).toBe('*')
    expect(context.headers.get('x-relay-error')).toBeNull()
    expect(await context.json()).toEqual({ error: 'שגיאה מבוקשת לבדיקה', code: 'requested_error' })
  })

  it('turns a thrown error into a 500 JSON body and keeps serving', async () => {
    const { error } = await anonClient().functions.invoke('stack-selftest?throw=1', { body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const context = (error as FunctionsHttpError).context as Response
    expect(context.status).toBe(500)
    expect(context.headers.get('access-control-allow-origin')).toBe('*')
    expect(await context.json()).toEqual({ error: 'stack-selftest threw on purpose' })

    const next = await anonClient().functions.invoke<Echo>('stack-selftest', { body: { again: 1 } })
    expect(next.error).toBeNull()
    expect(next.data!.body).toEqual({ again: 1 })
  })

  it('restarts a function whose process died', async () => {
    const first = await anonClient().functions.invoke<Echo>('stack-selftest', { body: {} })
    process.kill(first.data!.pid, 'SIGKILL')
    await vi.waitUntil(() => !processAlive(first.data!.pid), { timeout: 5000, interval: 20 })
    const second = await anonClient().functions.invoke<Echo>('stack-selftest', { body: {} })
    expect(second.error).toBeNull()
    expect(second.data!.pid).not.toBe(first.data!.pid)
  })

  it('restarts a function after its code changed', async () => {
    const first = await anonClient().functions.invoke<Echo>('stack-selftest', { body: {} })
    const source = path.join(LOCAL_ONLY_FUNCTIONS_DIR, 'stack-selftest', 'index.ts')
    const now = new Date()
    fs.utimesSync(source, now, now)
    const second = await anonClient().functions.invoke<Echo>('stack-selftest', { body: {} })
    expect(second.error).toBeNull()
    expect(second.data!.pid).not.toBe(first.data!.pid)
  })

  describe('verify_jwt off: the function decides who calls', () => {
    it('reaches the function without Authorization, as an anonymous caller', async () => {
      const response = await fetch(`${functionsUrl}/stack-selftest`, { method: 'POST', body: '{}' })
      expect(response.status).toBe(200)
      expect(((await response.json()) as Echo).userId).toBeNull()
    })

    it('finds no user behind a forged, expired or foreign token, or an API key as the bearer', async () => {
      const { token } = await mintedUser()
      const forged = `${token.slice(0, -4)}AAAA`
      const expired = await signJwt({ sub: randomUUID(), role: 'authenticated' }, -60)
      for (const bearer of [forged, expired, 'not-a-jwt', testEnv.anonKey, testEnv.serviceRoleKey]) {
        const response = await fetch(`${functionsUrl}/stack-selftest`, {
          method: 'POST',
          headers: { apikey: testEnv.anonKey, authorization: `Bearer ${bearer}` },
          body: '{}',
        })
        expect(response.status).toBe(200)
        expect(((await response.json()) as Echo).userId).toBeNull()
      }
    })
  })

  it('answers an unknown function with a JSON 404', async () => {
    const response = await fetch(`${functionsUrl}/no-such-function`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testEnv.anonKey}` },
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ message: 'Requested function was not found' })
    const shared = await fetch(`${functionsUrl}/_shared`, { headers: { authorization: `Bearer ${testEnv.anonKey}` } })
    expect(shared.status).toBe(404)
  })
})
