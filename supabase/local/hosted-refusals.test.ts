/**
 * What hosted Supabase refuses, the test stack (legacy JWT keys off, as a project created today)
 * refuses too, so a mistake cannot pass here: tokens of the well-known legacy secret (a service_role
 * token without expiry, a forged signed upload address), tokens of a key its JWKS does not list, and
 * the secret key sent from a browser.
 */
import { randomUUID } from 'node:crypto'
import { generateKeyPair, SignJWT, type JWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { JWT_SECRET } from './config.ts'
import { signJwt } from './jwt.ts'
import { serviceClient, signedInUser, testEnv } from './testing/index.ts'
import { TINY_JPEG } from './testing/media.ts'

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
const api = testEnv.apiUrl

/** A token of the legacy secret printed in every copy of `supabase start` (and in this repository). */
function legacySecretToken(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(JWT_SECRET))
}

/** A well-formed ES256 token whose key id no JWKS of the stack lists. */
async function tokenOfUnlistedKey(): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256')
  return new SignJWT({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated', iss: `${api}/auth/v1` })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: randomUUID() })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey)
}

/** The same bearer against REST, auth, storage, the database endpoint and a function. */
async function statusesWithBearer(token: string): Promise<Record<string, number>> {
  const headers = { apikey: testEnv.anonKey, authorization: `Bearer ${token}` }
  const [rest, user, storage, pg, fn] = await Promise.all([
    fetch(`${api}/rest/v1/rpc/get_book_card?book_ref=RACHEL23`, { headers }),
    fetch(`${api}/auth/v1/user`, { headers }),
    fetch(`${api}/storage/v1/bucket`, { headers }),
    fetch(`${api}/pg/query`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'select 1' }),
    }),
    fetch(`${api}/functions/v1/validate-coupon`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'FREE100', plan: 'basic' }),
    }),
  ])
  return { rest: rest.status, user: user.status, storage: storage.status, pg: pg.status, fn: fn.status }
}

const refusedEverywhere = { rest: 401, user: 403, storage: 400, pg: 401, fn: 401 }

describe('tokens the test stack must not accept', () => {
  it('refuses a service_role token of the legacy secret, even one that never expires', async () => {
    const token = await legacySecretToken({ role: 'service_role', iss: 'supabase-demo' })
    expect(await statusesWithBearer(token)).toEqual(refusedEverywhere)
  })

  it("refuses a user token of the legacy secret, with this stack's issuer", async () => {
    const user = await signedInUser({ label: 'legacy-forgery' })
    const token = await legacySecretToken({
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      iss: `${api}/auth/v1`,
    })
    expect(await statusesWithBearer(token)).toEqual(refusedEverywhere)
  })

  it('refuses a token signed by a key its JWKS does not list', async () => {
    expect(await statusesWithBearer(await tokenOfUnlistedKey())).toEqual(refusedEverywhere)
  })

  it('refuses a signed upload address forged with the legacy secret, and takes the one it made', async () => {
    const user = await signedInUser({ label: 'signed-upload' })
    const key = `${user.id}/forged-${randomUUID()}.jpg`
    const forged = await new SignJWT({ url: `memory-images/${key}`, owner: user.id, upsert: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(JWT_SECRET))
    const put = (token: string) =>
      fetch(`${api}/storage/v1/object/upload/sign/memory-images/${key}?token=${token}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: TINY_JPEG,
      })
    const refused = await put(forged)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT', message: 'invalid signature' })

    const { data, error } = await serviceClient().storage.from('memory-images').createSignedUploadUrl(key)
    expect(error).toBeNull()
    expect((await put(data!.token)).status).toBe(200)
  })
})

describe('the secret key sent from a browser', () => {
  const refusal = {
    message: 'Forbidden use of secret API key in browser',
    hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
  }
  const requests = (userAgent: string) => {
    const headers = { apikey: testEnv.serviceRoleKey, 'user-agent': userAgent }
    return Promise.all([
      fetch(`${api}/rest/v1/rpc/get_book_card?book_ref=RACHEL23`, { headers }),
      fetch(`${api}/auth/v1/admin/users?per_page=1`, { headers }),
      fetch(`${api}/storage/v1/bucket`, { headers }),
      fetch(`${api}/functions/v1/validate-coupon`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${testEnv.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'FREE100', plan: 'basic' }),
      }),
    ])
  }

  it('is refused on every API with 401 and the hosted answer', async () => {
    for (const response of await requests(BROWSER)) {
      expect(response.status).toBe(401)
      expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE')
      expect(response.headers.get('access-control-allow-origin')).not.toBeNull()
      expect(await response.json()).toEqual(refusal)
    }
  })

  it('is refused from a browser even in the address (?apikey=)', async () => {
    const response = await fetch(
      `${api}/rest/v1/rpc/get_book_card?book_ref=RACHEL23&apikey=${testEnv.serviceRoleKey}`,
      {
        headers: { 'user-agent': BROWSER },
      },
    )
    expect(response.status).toBe(401)
  })

  it('still serves a server that sends it', async () => {
    const [rest, admin, storage] = await requests('zochrim-ops/1.0')
    expect([rest.status, admin.status, storage.status]).toEqual([200, 200, 200])
  })
})

describe('a token the functions cannot verify', () => {
  const selftest = (token: string) =>
    fetch(`${api}/functions/v1/stack-selftest`, {
      method: 'POST',
      headers: { apikey: testEnv.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })

  it("counts as no user when this project's key signed it for another issuer", async () => {
    const sub = randomUUID()
    const claims = { sub, role: 'authenticated', aud: 'authenticated' }
    const ours = await signJwt({ ...claims, iss: `${api}/auth/v1` }, 600)
    expect(((await (await selftest(ours)).json()) as { userId: string | null }).userId).toBe(sub)
    for (const iss of ['https://attacker.example/auth/v1', api, undefined]) {
      const response = await selftest(await signJwt({ ...claims, iss }, 600))
      expect(response.status).toBe(200)
      expect(((await response.json()) as { userId: string | null }).userId).toBeNull()
    }
  })

  it('answers 401, not 500, for a known key id with an algorithm the JWKS check does not take', async () => {
    const [{ kid }] = ((await (await fetch(`${api}/auth/v1/.well-known/jwks.json`)).json()) as { keys: JWK[] })
      .keys as [JWK]
    const { privateKey } = await generateKeyPair('ES384')
    const token = await new SignJWT({
      sub: randomUUID(),
      role: 'authenticated',
      aud: 'authenticated',
      iss: `${api}/auth/v1`,
    })
      .setProtectedHeader({ alg: 'ES384', typ: 'JWT', kid: kid! })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey)
    const response = await fetch(`${api}/functions/v1/validate-coupon`, {
      method: 'POST',
      headers: { apikey: testEnv.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'FREE100', plan: 'basic' }),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'login_required' })
    expect((await selftest(token)).status).toBe(200)
  })
})
