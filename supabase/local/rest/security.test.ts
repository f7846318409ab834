/**
 * Who may do what through /rest/v1: JWT checks, row-level security per user, injection attempts
 * through every part of the query string, and isolation of concurrent callers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../jwt.ts'
import { clientWithToken, sql, testEnv } from '../testing/clients.ts'
import { mintedUser, type MintedUser } from '../testing/minted-user.ts'
import { createRestTestSchema, dropRestTestSchema, rest } from '../testing/rest-schema.ts'

const db = clientWithToken(testEnv.serviceRoleKey)

beforeAll(createRestTestSchema)
afterAll(dropRestTestSchema)

async function tableFingerprint(): Promise<unknown> {
  return sql(`select count(*)::int as authors, (select count(*)::int from rest_test_posts) as posts,
                     (select string_agg(name, ',' order by id) from rest_test_authors) as names,
                     (select count(*)::int from pg_tables where schemaname = 'public' and tablename like 'rest_test_%') as tables`)
}

describe('JWT and profile checks', () => {
  it('answers 401 PGRST301 for a bad signature and PGRST303 for an expired token, with WWW-Authenticate', async () => {
    const forged = `${testEnv.anonKey.slice(0, -4)}AAAA`
    const bad = await rest('/rest_test_authors', { token: forged })
    expect(bad.status).toBe(401)
    expect((await bad.json()).code).toBe('PGRST301')
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    const expiredToken = await signJwt({
      sub: crypto.randomUUID(),
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 10,
    })
    const expired = await clientWithToken(expiredToken).from('rest_test_authors').select()
    expect(expired.status).toBe(401)
    expect(expired.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    const unknownRole = await signJwt({ role: 'superuser' }, 60)
    expect((await rest('/rest_test_authors', { token: unknownRole })).status).toBe(401)
  })

  it('refuses a schema other than public with 406 PGRST106', async () => {
    const { status, error } = await db.schema('private').from('rest_test_authors').select()
    expect(status).toBe(406)
    expect(error?.code).toBe('PGRST106')
    const write = await rest('/rest_test_log', {
      method: 'POST',
      headers: { 'content-profile': 'auth', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(write.status).toBe(406)
  })

  it('sends JSON error bodies with nulls and the JSON content type', async () => {
    const response = await rest('/rest_test_nope')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.rest_test_nope' in the schema cache",
      details: null,
      hint: null,
    })
  })
})

describe('row-level security', () => {
  let alice: MintedUser
  let bob: MintedUser

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([mintedUser(), mintedUser()])
  })

  it('shows each user only their rows and lets nobody update or delete another user’s rows', async () => {
    const created = await alice.client
      .from('rest_test_notes')
      .insert({ body: 'alice secret' })
      .select('id, owner, body')
      .single()
    expect(created.error).toBeNull()
    expect(created.data?.owner).toBe(alice.id)
    const noteId = created.data!.id as number

    expect((await bob.client.from('rest_test_notes').select()).data).toEqual([])
    expect((await bob.client.from('rest_test_notes').select().eq('id', noteId).maybeSingle()).data).toBeNull()
    const hijack = await bob.client.from('rest_test_notes').update({ body: 'bob was here' }).eq('id', noteId).select()
    expect(hijack).toMatchObject({ error: null, data: [] })
    const erase = await bob.client.from('rest_test_notes').delete().eq('id', noteId).select()
    expect(erase.data).toEqual([])
    expect(await sql('select body from rest_test_notes where id = $1', [noteId])).toEqual([{ body: 'alice secret' }])
    expect((await alice.client.from('rest_test_notes').select('body')).data).toEqual([{ body: 'alice secret' }])
  })

  it('refuses anon with 401 42501 and a forged owner with 403 42501', async () => {
    const anon = await clientWithToken().from('rest_test_notes').insert({ body: 'anonymous', owner: alice.id })
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
    const forged = await bob.client.from('rest_test_notes').insert({ body: 'pretending', owner: alice.id })
    expect(forged.status).toBe(403)
    expect(forged.error?.code).toBe('42501')
    expect(forged.error?.message).toContain('row-level security')
  })

  it('lets an insert without .select() succeed even when the new row would not be readable', async () => {
    await sql('create table if not exists rest_test_dropbox (id serial primary key, body text)')
    await sql('alter table rest_test_dropbox enable row level security')
    await sql('drop policy if exists rest_test_dropbox_insert on rest_test_dropbox')
    await sql('create policy rest_test_dropbox_insert on rest_test_dropbox for insert to anon with check (true)')
    await sql('grant insert on rest_test_dropbox to anon')
    await sql('grant usage on all sequences in schema public to anon')
    const anon = clientWithToken()
    expect(await anon.from('rest_test_dropbox').insert({ body: 'guest memory' })).toMatchObject({
      status: 201,
      error: null,
    })
    const readBack = await anon.from('rest_test_dropbox').insert({ body: 'again' }).select()
    expect(readBack.status).toBe(401)
    expect(readBack.error?.code).toBe('42501')
  })
})

describe('injection attempts change nothing', () => {
  const attempts: Array<[string, string]> = [
    ['filter value', `/rest_test_authors?name=eq.x'; drop table rest_test_posts; --`],
    ['in list', `/rest_test_authors?id=in.(1,2);delete from rest_test_authors;--)`],
    ['column name', `/rest_test_authors?select=id,"name"; drop table rest_test_posts; --`],
    ['filter column', `/rest_test_authors?id;delete from rest_test_authors=eq.1`],
    ['alias', `/rest_test_authors?select="x"" from rest_test_authors; delete from rest_test_authors; --":id`],
    ['cast', `/rest_test_authors?select=id::text);delete from rest_test_authors;--`],
    ['order clause', `/rest_test_authors?order=id;delete from rest_test_authors`],
    ['order direction', `/rest_test_authors?order=id.desc;delete from rest_test_authors`],
    ['json path', `/rest_test_authors?select=meta->>'a'');delete from rest_test_authors;--`],
    ['json path filter', `/rest_test_authors?meta->>x');delete from rest_test_authors;--=eq.1`],
    ['embed name', `/rest_test_authors?select=id,rest_test_posts;delete from rest_test_authors(id)`],
    ['on_conflict', `/rest_test_authors?on_conflict=id) do nothing; delete from rest_test_authors; --`],
    ['columns', `/rest_test_authors?columns=id,"name) select 1; delete from rest_test_authors; --"`],
    ['limit', `/rest_test_authors?limit=1;delete from rest_test_authors`],
    ['fts config', `/rest_test_posts?body=fts(english');delete from rest_test_authors;--).x`],
  ]

  it.each(attempts)('through the %s', async (_label, path) => {
    const before = await tableFingerprint()
    const method = path.includes('on_conflict') || path.includes('columns=') ? 'POST' : 'GET'
    const body = method === 'POST' ? JSON.stringify({ id: 1, name: 'Ada Lovelace' }) : undefined
    const response = await rest(path.replace(/ /g, '%20').replace(/#/g, '%23'), {
      method,
      body,
      headers: { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' },
    })
    expect(response.status).toBeLessThan(500)
    if (response.status === 200) expect(Array.isArray(await response.json())).toBe(true)
    expect(await tableFingerprint()).toEqual(before)
  })

  it('keeps a hostile value as data: it is stored and read back verbatim', async () => {
    const hostile = `Robert'); drop table rest_test_authors; -- "\\ $1 ::text`
    const { error } = await db.from('rest_test_authors').insert({ id: 5000, name: hostile })
    expect(error).toBeNull()
    const { data } = await db.from('rest_test_authors').select('name').eq('name', hostile).single()
    expect(data).toEqual({ name: hostile })
    await db.from('rest_test_authors').delete().eq('id', 5000)
  })
})

describe('concurrency', () => {
  it('keeps 200 concurrent requests from 20 callers with different roles apart', async () => {
    const users = await Promise.all(Array.from({ length: 16 }, () => mintedUser()))
    await sql(
      `insert into rest_test_notes (owner, body) select u::uuid, 'note ' || n || ' of ' || u
         from unnest($1::text[]) u, generate_series(1, 3) n`,
      [users.map((u) => u.id)],
    )
    const total = (await sql<{ n: number }>('select count(*)::int as n from rest_test_notes'))[0]!.n
    type Caller = { kind: 'user'; user: MintedUser } | { kind: 'anon' } | { kind: 'service' }
    const callers: Caller[] = [
      ...users.map((user) => ({ kind: 'user' as const, user })),
      { kind: 'anon' },
      { kind: 'anon' },
      { kind: 'service' },
      { kind: 'service' },
    ]
    const anon = clientWithToken()
    const requests = callers.flatMap((caller) =>
      Array.from({ length: 10 }, async () => {
        const client = caller.kind === 'user' ? caller.user.client : caller.kind === 'anon' ? anon : db
        const { data, error } = await client.from('rest_test_notes').select('owner, body')
        expect(error).toBeNull()
        if (caller.kind === 'user') {
          expect(data).toHaveLength(3)
          expect(data!.every((row) => row.owner === caller.user.id)).toBe(true)
        } else if (caller.kind === 'anon') {
          expect(data).toEqual([])
        } else {
          expect(data).toHaveLength(total)
        }
        const whoami = await client.rpc('rest_test_whoami')
        expect(whoami.data).toBe(
          caller.kind === 'user' ? caller.user.id : caller.kind === 'anon' ? 'anon' : 'service_role',
        )
      }),
    )
    expect(requests).toHaveLength(200)
    await Promise.all(requests)
  })
})
