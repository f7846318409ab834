/**
 * No request can hold the local stack: the secret key's statements stop at the login role's 8 s as
 * on hosted Supabase; on PGlite's one connection the clients take turns, so one client's queue of
 * slow requests delays another client by the one already running; and a request that cannot reach
 * the database in 10 s is answered as hosted answers it (REST 504 PGRST003, auth 504
 * request_timeout) while the stack keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestFrom, sql, testEnv, uniqueAddress, type PlainResponse } from '../testing/clients.ts'
import { rest } from '../testing/rest-schema.ts'

const onPglite = !process.env.DATABASE_URL

async function dropFixture(): Promise<void> {
  await sql(`drop table if exists rest_deadline_rows`)
  await sql(`drop function if exists rest_deadline_sleep(float8)`)
  await sql(`drop function if exists rest_deadline_timeout()`)
}

beforeAll(async () => {
  await dropFixture()
  await sql(`create table rest_deadline_rows (id int primary key)`)
  await sql(`grant select on rest_deadline_rows to anon, authenticated, service_role`)
  await sql(`insert into rest_deadline_rows values (1)`)
  await sql(
    `create function rest_deadline_sleep(seconds float8) returns int language sql as 'select pg_sleep(seconds); select 1'`,
  )
  await sql(
    `create function rest_deadline_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$`,
  )
  await sql(`grant execute on function rest_deadline_sleep(float8), rest_deadline_timeout() to anon, service_role`)
})

afterAll(dropFixture)

const anonHeaders = { apikey: testEnv.anonKey, 'content-type': 'application/json' }

function sleepFrom(address: string, seconds: number): Promise<PlainResponse> {
  return requestFrom(address, `${testEnv.apiUrl}/rest/v1/rpc/rest_deadline_sleep`, {
    method: 'POST',
    headers: anonHeaders,
    body: JSON.stringify({ seconds }),
  })
}

function readFrom(address: string): Promise<PlainResponse> {
  return requestFrom(address, `${testEnv.apiUrl}/rest/v1/rest_deadline_rows?select=id`, { headers: anonHeaders })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('statement timeouts', () => {
  it("gives the secret key the login role's 8 s, as hosted Supabase does", async () => {
    const asService = await rest('/rpc/rest_deadline_timeout')
    expect(await asService.json()).toBe('8s')
  })
})

describe.skipIf(!onPglite)("PGlite's one connection", () => {
  it(
    "takes turns between clients: one client's slow requests hold another's read for the one already running",
    { timeout: 60_000 },
    async () => {
      const flooder = uniqueAddress()
      expect((await readFrom(flooder)).status).toBe(200)
      const finished: string[] = []
      const slow = Array.from({ length: 4 }, (_, index) =>
        sleepFrom(flooder, 1.5).then((answer) => {
          finished.push(`slow ${index}`)
          return answer
        }),
      )
      await pause(500)
      const read = await readFrom(uniqueAddress())
      finished.push('read')
      expect(read.status).toBe(200)
      expect(read.json()).toEqual([{ id: 1 }])
      const answers = await Promise.all(slow)
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
      expect(finished.indexOf('read')).toBeLessThanOrEqual(1)
    },
  )

  it(
    'answers 504 to a request that gets no turn in 10 s (REST PGRST003, auth request_timeout) and serves everyone after',
    { timeout: 60_000 },
    async () => {
      const held = sql(`select pg_sleep(12)`)
      await pause(300)
      const read = readFrom(uniqueAddress())
      const signIn = requestFrom(uniqueAddress(), `${testEnv.apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: anonHeaders,
        body: JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' }),
      })
      const health = await fetch(`${testEnv.apiUrl}/health`)
      expect(health.status).toBe(200)

      const refusedRead = await read
      expect(refusedRead.status).toBe(504)
      expect(refusedRead.json()).toMatchObject({
        code: 'PGRST003',
        message: 'Timed out acquiring connection from connection pool.',
      })
      const refusedSignIn = await signIn
      expect(refusedSignIn.status).toBe(504)
      expect(refusedSignIn.json()).toMatchObject({ code: 504, error_code: 'request_timeout' })

      await held
      const after = await readFrom(uniqueAddress())
      expect(after.json()).toEqual([{ id: 1 }])
    },
  )
})
