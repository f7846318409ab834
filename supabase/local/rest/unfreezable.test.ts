/**
 * No single request can hang or crash the stack: catastrophic and invalid regular expressions,
 * long statements, huge bodies, deep logic trees and giant select lists are each answered with
 * JSON, every statement runs under its role's timeout, and /health answers throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../jwt.ts'
import { sql, testEnv } from '../testing/clients.ts'
import { rest } from '../testing/rest-schema.ts'

const anon = testEnv.anonKey

async function dropFixture(): Promise<void> {
  await sql(`drop table if exists rest_freeze_texts`)
  await sql(`drop function if exists rest_freeze_sleep(float8)`)
  await sql(`drop function if exists rest_freeze_timeout()`)
}

beforeAll(async () => {
  await dropFixture()
  await sql(`create table rest_freeze_texts (id int primary key, body text not null)`)
  await sql(`grant select on rest_freeze_texts to anon, authenticated`)
  await sql(`insert into rest_freeze_texts values (1, repeat('a', 120) || 'c'), (2, 'short')`)
  await sql(
    `create function rest_freeze_sleep(seconds float8) returns int language sql as 'select pg_sleep(seconds); select 1'`,
  )
  await sql(
    `create function rest_freeze_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$`,
  )
  await sql(`grant execute on function rest_freeze_sleep(float8), rest_freeze_timeout() to anon, authenticated`)
})

afterAll(dropFixture)

async function health(): Promise<number> {
  return (await fetch(`${testEnv.apiUrl}/health`)).status
}

/** Polls /health until `pending` settles; every answer must be 200. */
async function healthWhile<T>(pending: Promise<T>): Promise<{ result: T; statuses: number[] }> {
  let settled = false
  const watched = pending.finally(() => {
    settled = true
  })
  const statuses: number[] = []
  while (!settled) {
    statuses.push(await health())
    await Promise.race([watched, new Promise((resolve) => setTimeout(resolve, 100))]).catch(() => undefined)
  }
  return { result: await watched, statuses }
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as Record<string, unknown>
}

describe('regular expressions in match/imatch', () => {
  it(
    'cancels a catastrophic pattern at the anon statement timeout while /health keeps answering',
    { timeout: 60_000 },
    async () => {
      const pattern = encodeURIComponent(String.raw`^(.*)(.*)(.*)(.*)(.*)\1\2\3\4\5$`)
      const { result, statuses } = await healthWhile(rest(`/rest_freeze_texts?body=match.${pattern}`, { token: anon }))
      expect(statuses.length).toBeGreaterThan(0)
      expect(statuses.every((status) => status === 200)).toBe(true)
      expect(result.status).toBe(500)
      expect(await jsonOf(result)).toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      })
      expect(await health()).toBe(200)
      const after = await rest('/rest_freeze_texts?select=id&body=imatch.SHORT', { token: anon })
      expect(await after.json()).toEqual([{ id: 2 }])
    },
  )

  it('answers an invalid pattern with 400 JSON', async () => {
    const response = await rest(`/rest_freeze_texts?body=match.${encodeURIComponent('(a')}`, { token: anon })
    expect(response.status).toBe(400)
    expect(await jsonOf(response)).toMatchObject({ code: '2201B' })
    expect(await health()).toBe(200)
  })
})

describe('statement timeouts per role', () => {
  it('gives anon 3 s and authenticated 8 s, like the hosted roles', async () => {
    const asAnon = await rest('/rpc/rest_freeze_timeout', { token: anon })
    expect(await asAnon.json()).toBe('3s')
    const userToken = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, 60)
    const asUser = await rest('/rpc/rest_freeze_timeout', { token: userToken })
    expect(await asUser.json()).toBe('8s')
  })

  it(
    'cancels an anonymous statement that runs past 3 s, and the next request is served',
    { timeout: 60_000 },
    async () => {
      const call = rest('/rpc/rest_freeze_sleep', {
        token: anon,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 20 }),
      })
      const { result, statuses } = await healthWhile(call)
      expect(statuses.every((status) => status === 200)).toBe(true)
      expect(result.status).toBe(500)
      expect(await jsonOf(result)).toMatchObject({ code: '57014' })
      const next = await rest('/rest_freeze_texts?select=id&id=eq.1', { token: anon })
      expect(await next.json()).toEqual([{ id: 1 }])
    },
  )
})

describe('request size and shape limits', () => {
  it('answers 413 JSON to a body over the REST limit and keeps serving', async () => {
    const huge = new Uint8Array(11 * 1024 * 1024).fill(0x20)
    const response = await rest('/rest_freeze_texts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: huge,
    })
    expect(response.status).toBe(413)
    expect(await jsonOf(response)).toMatchObject({ code: 'PGRST413' })
    expect(await health()).toBe(200)
    const auth = await fetch(`${testEnv.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anon, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', password: 'p'.repeat(2 * 1024 * 1024) }),
    })
    expect(auth.status).toBe(413)
    expect(await health()).toBe(200)
  })

  it('refuses a deeply nested or= tree and a very wide one with 400 PGRST100', async () => {
    let tree = 'id.eq.1'
    for (let depth = 0; depth < 12; depth++) tree = `or(${tree},id.eq.2)`
    const deep = await rest(`/rest_freeze_texts?or=(${tree.slice(3, -1)})`, { token: anon })
    expect(deep.status).toBe(400)
    expect(await jsonOf(deep)).toMatchObject({ code: 'PGRST100' })
    const wide = Array.from({ length: 150 }, (_, i) => `id.eq.${i}`).join(',')
    const broad = await rest(`/rest_freeze_texts?or=(${wide})`, { token: anon })
    expect(broad.status).toBe(400)
    const allowed = await rest(`/rest_freeze_texts?select=id&or=(id.eq.1,and(id.eq.2,body.eq.short))&order=id`, {
      token: anon,
    })
    expect(await allowed.json()).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('answers a NUL byte in a name with 400 JSON instead of a malformed protocol message', async () => {
    for (const query of ['select=a%00b:id', 'select=id&order=bo%00dy', 'select=id&bo%00dy=eq.x']) {
      const response = await rest(`/rest_freeze_texts?${query}`, { token: anon })
      expect(response.status).toBe(400)
      expect((await jsonOf(response)).code).not.toMatch(/^08/)
    }
    const after = await rest('/rest_freeze_texts?select=id&id=eq.2', { token: anon })
    expect(await after.json()).toEqual([{ id: 2 }])
  })

  it('refuses a giant select list with 400 PGRST100', async () => {
    const columns = Array.from({ length: 400 }, (_, i) => `c${i}:id`).join(',')
    const response = await rest(`/rest_freeze_texts?select=${columns}`, { token: anon })
    expect(response.status).toBe(400)
    expect(await jsonOf(response)).toMatchObject({ code: 'PGRST100' })
  })
})
