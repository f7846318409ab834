/**
 * What hosted Supabase refuses, the test stack (legacy JWT keys off, as a project created today)
 * refuses too, so a mistake cannot pass here: tokens of the well-known legacy secret (a service_role
 * token without expiry, a forged signed upload address), tokens of a key its JWKS does not list, and
 * the secret key sent from a browser.
 */
import { randomUUID } from 'node:crypto'
import { generateKeyPair, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { JWT_SECRET } from './config.ts'
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
