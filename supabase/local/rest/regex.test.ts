/**
 * `match` / `imatch` patterns PostgreSQL would refuse are refused by the REST layer before they
 * reach the database (400, 2201B, as PostgREST answers PostgreSQL's refusal), so a malformed or
 * too complex pattern never holds the embedded engine, and a reader at the same moment is served.
 */
import { describe, expect, it } from 'vitest'
import { testEnv } from '../testing/clients.ts'
import { checkRegexPattern } from './parse/regex.ts'

function read(query: string): Promise<Response> {
  return fetch(`${testEnv.apiUrl}/rest/v1/plan_prices?${query}`, {
    headers: { apikey: testEnv.anonKey, authorization: `Bearer ${testEnv.anonKey}` },
  })
}

describe('regular expression patterns', () => {
  it('accepts ordinary patterns and refuses malformed or too complex ones', () => {
    for (const fine of ['^pro$', 'b(as|i)c', '[[:alpha:]]{1,20}', 'a{1,255}', '(ab)+c*', '\\d{3}-\\d{4}', '[](]x']) {
      expect(() => checkRegexPattern(fine)).not.toThrow()
    }
    for (const refused of ['(a{1,255}){1,255}', '(', 'a)', '[abc', '*a', 'a\\', 'a{5,2}', 'a{300}', 'x'.repeat(1001)]) {
      expect(() => checkRegexPattern(refused), refused).toThrow(/invalid regular expression/)
    }
    expect(() => checkRegexPattern('(a{20}){60}')).toThrow(/too complex/)
    expect(() => checkRegexPattern('a{200}'.repeat(30))).toThrow(/too complex/)
  })

  it('answers 400 at once for such a filter, and serves a reader sent with it', { timeout: 60_000 }, async () => {
    const [complex, unbalanced, anyOf, reader] = await Promise.all([
      read(`select=plan_type&plan_type=match.${encodeURIComponent('(a{1,255}){1,255}')}`),
      read(`select=plan_type&plan_type=imatch.${encodeURIComponent('(')}`),
      read(`select=plan_type&plan_type=match(any).${encodeURIComponent('{pro,(x{1,255}){1,255}}')}`),
      read('select=plan_type&plan_type=match.%5Epro%24'),
    ])
    for (const refusal of [complex, unbalanced, anyOf]) {
      expect(refusal.status).toBe(400)
      expect(await refusal.json()).toMatchObject({
        code: '2201B',
        message: expect.stringMatching(/^invalid regular expression/),
      })
    }
    expect(reader.status).toBe(200)
    expect(await reader.json()).toEqual([{ plan_type: 'pro' }])
  })
})
