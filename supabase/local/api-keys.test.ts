/**
 * The keys of a project created today on the test stack (legacy JWT keys off): the publishable and
 * secret keys in `apikey`, user tokens signed with the ES256 key published as JWKS, and what is
 * refused as hosted refuses it. The legacy keys are checked in-process with them on.
 */
import { generateKeyPair, createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { ANON_KEY, SERVICE_ROLE_KEY } from './config.ts'
import { resolveCaller, signLegacyJwt, signJwt } from './jwt.ts'
import { signedInUser, testEnv } from './testing/index.ts'

const restUrl = `${testEnv.apiUrl}/rest/v1`
const jwksUrl = `${testEnv.apiUrl}/auth/v1/.well-known/jwks.json`

async function projectJwks(): Promise<{ keys: JWK[] }> {
  return (await (await fetch(jwksUrl)).json()) as { keys: JWK[] }
}

/** A token that looks like one of the project's (same kid, ES256) but is signed by another key. */
async function tokenOfAnotherKey(): Promise<string> {
  const [{ kid }] = (await projectJwks()).keys as [JWK]
  const { privateKey } = await generateKeyPair('ES256')
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sub: crypto.randomUUID(), role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: kid! })
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(privateKey)
}

function restRead(headers: Record<string, string>): Promise<Response> {
  return fetch(`${restUrl}/rpc/get_book_card?book_ref=NO-SUCH-BOOK`, { headers })
}

function pgQuery(headers: Record<string, string>): Promise<Response> {
  return fetch(`${testEnv.apiUrl}/pg/query`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'select 1 as one' }),
  })
}

describe('the keys of a project created today', () => {
  it('signs user tokens with ES256 and a kid that /auth/v1/.well-known/jwks.json publishes', async () => {
    const jwks = await projectJwks()
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
    expect(jwks.keys[0]).not.toHaveProperty('d')
    const user = await signedInUser({ label: 'jwks' })
    expect(decodeProtectedHeader(user.accessToken)).toMatchObject({ alg: 'ES256', kid: jwks.keys[0]!.kid })
    const { payload } = await jwtVerify(user.accessToken, createLocalJWKSet(jwks))
    expect(payload).toMatchObject({ sub: user.id, role: 'authenticated' })
    const { data, error } = await user.client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(user.id)
  })

  it('takes the publishable key as anon and the secret key as service_role in apikey', async () => {
    expect((await restRead({ apikey: testEnv.anonKey })).status).toBe(200)
    expect((await pgQuery({ apikey: testEnv.serviceRoleKey })).status).toBe(200)
    expect((await pgQuery({ apikey: testEnv.anonKey })).status).toBe(403)
    // supabase-js repeats its key as the bearer when nobody is signed in.
    expect((await pgQuery({ apikey: testEnv.anonKey, authorization: `Bearer ${testEnv.anonKey}` })).status).toBe(403)
  })

  it('refuses an API key sent only as a bearer token, and an unknown key', async () => {
    const bearerOnly = await restRead({ authorization: `Bearer ${testEnv.anonKey}` })
    expect(bearerOnly.status).toBe(401)
    expect((await pgQuery({ authorization: `Bearer ${testEnv.serviceRoleKey}` })).status).toBe(401)
    const storage = await fetch(`${testEnv.apiUrl}/storage/v1/bucket`, {
      headers: { authorization: `Bearer ${testEnv.serviceRoleKey}` },
    })
    expect(storage.status).toBeGreaterThanOrEqual(400)
    const unknown = await restRead({ apikey: 'sb_publishable_not-this-projects-key' })
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toMatchObject({ message: 'Invalid API key' })
    const unknownBearer = await restRead({ apikey: testEnv.anonKey, authorization: 'Bearer sb_secret_guessed' })
    expect(unknownBearer.status).toBe(401)
  })

  it('refuses a token signed by another key and an expired token everywhere', async () => {
    const foreign = await tokenOfAnotherKey()
    const expired = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, -60)
    for (const token of [foreign, expired]) {
      expect((await restRead({ apikey: testEnv.anonKey, authorization: `Bearer ${token}` })).status).toBe(401)
      const user = await fetch(`${testEnv.apiUrl}/auth/v1/user`, {
        headers: { apikey: testEnv.anonKey, authorization: `Bearer ${token}` },
      })
      expect(user.status).toBe(403)
      const fn = await fetch(`${testEnv.apiUrl}/functions/v1/validate-coupon`, {
        method: 'POST',
        headers: { apikey: testEnv.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'FREE100', plan: 'basic' }),
      })
      expect(fn.status).toBe(401)
      expect(await fn.json()).toMatchObject({ code: 'login_required' })
    }
  })

  it('has a function refuse the publishable key as if it were a user', async () => {
    const fn = await fetch(`${testEnv.apiUrl}/functions/v1/validate-coupon`, {
      method: 'POST',
      headers: {
        apikey: testEnv.anonKey,
        authorization: `Bearer ${testEnv.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code: 'FREE100', plan: 'basic' }),
    })
    expect(fn.status).toBe(401)
    expect(await fn.json()).toMatchObject({ code: 'login_required' })
  })

  it('refuses the legacy JWT keys and HS256 tokens while legacy keys are off', async () => {
    const legacyAnon = await restRead({ apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` })
    expect(legacyAnon.status).toBe(401)
    expect(await legacyAnon.json()).toMatchObject({ message: 'Legacy API keys are disabled' })
    expect((await pgQuery({ apikey: SERVICE_ROLE_KEY })).status).toBe(401)
    const hs256 = await signLegacyJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, 600)
    expect((await restRead({ apikey: testEnv.anonKey, authorization: `Bearer ${hs256}` })).status).toBe(401)
  })
})

describe('legacy JWT keys on (a project in migration)', () => {
  const legacyOn = { legacyApiKeys: true }
  const request = (headers: Record<string, string>) => new Request('http://stack.test/rest/v1/plans', { headers })

  it('accepts the legacy anon and service_role keys and HS256 user tokens beside the new keys', async () => {
    expect(
      (await resolveCaller(request({ apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }), legacyOn)).role,
    ).toBe('anon')
    expect((await resolveCaller(request({ apikey: SERVICE_ROLE_KEY }), legacyOn)).role).toBe('service_role')
    const sub = crypto.randomUUID()
    const hs256 = await signLegacyJwt({ sub, role: 'authenticated' }, 600)
    const user = await resolveCaller(request({ apikey: ANON_KEY, authorization: `Bearer ${hs256}` }), legacyOn)
    expect(user).toMatchObject({ role: 'authenticated', userId: sub })
    const es256 = await signJwt({ sub, role: 'authenticated' }, 600)
    expect(
      (await resolveCaller(request({ apikey: testEnv.anonKey, authorization: `Bearer ${es256}` }), legacyOn)).userId,
    ).toBe(sub)
  })

  it('still refuses them with the setting off', async () => {
    await expect(resolveCaller(request({ apikey: ANON_KEY }), { legacyApiKeys: false })).rejects.toThrow(
      'Legacy API keys are disabled',
    )
  })
})
