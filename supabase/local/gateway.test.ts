/**
 * The gateway takes the API key from `?apikey=` as the hosted one does (a GET with no custom header
 * needs no CORS preflight), verifies it like the header, and hides it from the services. Like
 * hosted's, it lets no request reach REST or auth without a key, except auth's link routes and
 * its public keys; storage and functions take requests without one.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testEnv } from './testing/clients.ts'
import { TINY_JPEG, uploadToBucket } from './testing/media.ts'
import { mintedUser } from './testing/minted-user.ts'

function cardUrl(key: string | null): string {
  const url = new URL(`${testEnv.apiUrl}/rest/v1/rpc/get_book_card`)
  url.searchParams.set('book_ref', 'RACHEL23')
  if (key !== null) url.searchParams.set('apikey', key)
  return url.toString()
}

describe('API key in the query string', () => {
  it('reads a public function with the anon key in the address and no header', async () => {
    const response = await fetch(cardUrl(testEnv.anonKey))
    expect(response.status).toBe(200)
    const rows = (await response.json()) as Array<{ short_code: string }>
    expect(rows.map((row) => row.short_code)).toEqual(['RACHEL23'])
  })

  it('refuses a forged key in the address', async () => {
    const response = await fetch(cardUrl(`${testEnv.anonKey.slice(0, -4)}AAAA`))
    expect(response.status).toBe(401)
  })

  it('does not let the query key override the header key', async () => {
    const forged = `${testEnv.anonKey.slice(0, -4)}AAAA`
    const response = await fetch(cardUrl(testEnv.anonKey), { headers: { authorization: `Bearer ${forged}` } })
    expect(response.status).toBe(401)
  })
})

describe('a request without an API key', () => {
  const refusal = {
    message: 'No API key found in request',
    hint: 'No `apikey` request header or url param was found.',
  }

  it('is refused by REST and auth with 401, even with a valid user token as the bearer', async () => {
    const { token } = await mintedUser()
    const requests = [
      fetch(cardUrl(null)),
      fetch(`${testEnv.apiUrl}/rest/v1/rpc/get_book_card`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ book_ref: 'RACHEL23' }),
      }),
      fetch(`${testEnv.apiUrl}/auth/v1/settings`),
      fetch(`${testEnv.apiUrl}/auth/v1/user`, { headers: { authorization: `Bearer ${token}` } }),
      fetch(`${testEnv.apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@zochrim.local', password: 'Zochrim2026!' }),
      }),
    ]
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual(refusal)
    }
  })

  it("still answers the browser's CORS preflight", async () => {
    const response = await fetch(`${testEnv.apiUrl}/rest/v1/rpc/get_book_card`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBeLessThan(300)
  })

  it("reaches auth's public keys and e-mail link route, storage's public route and a function", async () => {
    const jwks = await fetch(`${testEnv.apiUrl}/auth/v1/.well-known/jwks.json`)
    expect(jwks.status).toBe(200)
    const verify = await fetch(`${testEnv.apiUrl}/auth/v1/verify?token=nope&type=signup`, { redirect: 'manual' })
    expect(verify.status).not.toBe(401)
    // The app's bucket is private: storage itself answers the public route (it has no such file to
    // give), where the gateway would refuse a request without a key with 401.
    const url = await uploadToBucket(`gateway/${randomUUID()}.jpg`, TINY_JPEG, 'image/jpeg')
    const object = await fetch(url)
    expect(object.status).not.toBe(401)
    expect(await object.text()).not.toContain('No API key')
    const fn = await fetch(`${testEnv.apiUrl}/functions/v1/stack-selftest`, { method: 'POST', body: '{}' })
    expect(fn.status).toBe(200)
  })
})
