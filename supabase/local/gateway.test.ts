/**
 * The gateway takes the API key from `?apikey=` as the hosted one does (a GET with no custom header
 * needs no CORS preflight), verifies it like the header, and hides it from the services.
 */
import { describe, expect, it } from 'vitest'
import { testEnv } from './testing/clients.ts'

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
    const rows = (await response.json()) as Array<{ book_id: string }>
    expect(rows.map((row) => row.book_id)).toEqual(['RACHEL23'])
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
