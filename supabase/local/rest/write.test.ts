/** Writes and functions through /rest/v1 with supabase-js: insert, upsert, update, delete, rpc. */
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientWithToken, sql, testEnv } from '../testing/clients.ts'
import { createRestTestSchema, dropRestTestSchema, rest } from '../testing/rest-schema.ts'

const db = clientWithToken(testEnv.serviceRoleKey)

beforeAll(createRestTestSchema)
afterAll(dropRestTestSchema)

let nextId = 1000
const newId = () => nextId++

async function authorRow(id: number): Promise<Record<string, unknown> | undefined> {
  const rows = await sql(
    `select id::int as id, name, bio, active, rating::text as rating from rest_test_authors where id = $1`,
    [id],
  )
  return rows[0]
}

describe('insert', () => {
  it('inserts one row with no Prefer: 201 with an empty body, missing keys take column defaults', async () => {
    const id = newId()
    const response = await rest('/rest_test_authors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, name: 'Minimal' }),
    })
    expect(response.status).toBe(201)
    expect(await response.text()).toBe('')
    const { data, error, status } = await db.from('rest_test_authors').insert({ id: newId(), name: 'Via client' })
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 201 })
    expect(await authorRow(id)).toEqual({ id, name: 'Minimal', bio: null, active: true, rating: null })
  })

  it('takes a form-urlencoded row as PostgREST does, its values as text cast to the columns', async () => {
    const id = newId()
    const response = await rest('/rest_test_authors', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', prefer: 'return=representation' },
      body: new URLSearchParams({ id: String(id), name: 'Form & field', rating: '4.5' }).toString(),
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject([{ id, name: 'Form & field', rating: 4.5 }])
    expect(await authorRow(id)).toEqual({ id, name: 'Form & field', bio: null, active: true, rating: '4.50' })
  })

  it('returns the representation, with embeds, when .select() is chained', async () => {
    const id = newId()
    const { data, error, status } = await db
      .from('rest_test_posts')
      .insert({ author_id: 1, title: `post ${id}`, views: 7 })
      .select('title, views, author:rest_test_authors!author_id(name)')
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual({ title: `post ${id}`, views: 7, author: { name: 'Ada Lovelace' } })
  })

  it('bulk-inserts with columns=: missing keys become NULL, or DEFAULT with missing=default', async () => {
    const [a, b, c, d] = [newId(), newId(), newId(), newId()]
    const nulls = await db
      .from('rest_test_authors')
      .insert([
        { id: a, name: 'A', bio: 'has bio' },
        { id: b, name: 'B', rating: 1.5 },
      ])
      .select('id, bio, rating')
      .order('id')
    expect(nulls.error).toBeNull()
    expect(nulls.data).toEqual([
      { id: a, bio: 'has bio', rating: null },
      { id: b, bio: null, rating: 1.5 },
    ])
    const defaults = await db
      .from('rest_test_authors')
      .insert(
        [
          { id: c, name: 'C', active: false },
          { id: d, name: 'D' },
        ],
        { defaultToNull: false },
      )
      .select('id, active, tags')
    expect(defaults.error).toBeNull()
    expect(defaults.data).toEqual([
      { id: c, active: false, tags: [] },
      { id: d, active: true, tags: [] },
    ])
    const notNull = await db.from('rest_test_authors').insert([
      { id: newId(), name: 'E', active: false },
      { id: newId(), name: 'F' },
    ])
    expect(notNull.status).toBe(400)
    expect(notNull.error?.code).toBe('23502')
  })

  it('upserts: merge-duplicates answers 200 when it only updated, 201 when it inserted; ignore-duplicates skips', async () => {
    const id = newId()
    await db.from('rest_test_authors').insert({ id, name: 'Before' })
    const merged = await db.from('rest_test_authors').upsert({ id, name: 'After' }).select('id, name')
    expect(merged).toMatchObject({ status: 200, error: null, data: [{ id, name: 'After' }] })
    const fresh = newId()
    const mixed = await db
      .from('rest_test_authors')
      .upsert([
        { id, name: 'Again' },
        { id: fresh, name: 'New' },
      ])
      .select('id, name')
    expect(mixed.status).toBe(201)
    expect(mixed.data).toHaveLength(2)
    const ignored = await db
      .from('rest_test_authors')
      .upsert(
        [
          { id, name: 'Ignored' },
          { id: newId(), name: 'Kept' },
        ],
        { ignoreDuplicates: true },
      )
      .select('name')
    expect(ignored.status).toBe(201)
    expect(ignored.data).toEqual([{ name: 'Kept' }])
    expect((await authorRow(id))?.name).toBe('Again')
    const byTitle = await db
      .from('rest_test_posts')
      .upsert({ author_id: 2, title: 'Computing Machinery', views: 301 }, { onConflict: 'title' })
      .select('id, views')
      .single()
    expect(byTitle.data).toEqual({ id: 3, views: 301 })
  })

  it('answers 409 23505 for a duplicate key, 400 PGRST204 for an unknown column, 400 PGRST102 for bad JSON', async () => {
    const duplicate = await db.from('rest_test_authors').insert({ id: 1, name: 'Dup' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.error).toMatchObject({ code: '23505', details: 'Key (id)=(1) already exists.' })
    const unknown = await db.from('rest_test_authors').insert({ id: newId(), name: 'X', nope: 1 })
    expect(unknown.status).toBe(400)
    expect(unknown.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'rest_test_authors' in the schema cache",
    })
    for (const body of ['', '{"id":', '42']) {
      const response = await rest('/rest_test_authors', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(response.status).toBe(400)
      expect((await response.json()).code).toBe('PGRST102')
    }
  })

  it('counts written rows in Content-Range and rolls back with Prefer: tx=rollback or a failed single()', async () => {
    const id = newId()
    const counted = await rest('/rest_test_authors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'count=exact' },
      body: JSON.stringify([
        { id, name: 'C1' },
        { id: newId(), name: 'C2' },
      ]),
    })
    expect(counted.headers.get('content-range')).toBe('*/2')
    const rolledBack = newId()
    const rollback = await rest('/rest_test_authors', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ id: rolledBack, name: 'Ghost' }),
    })
    expect(rollback.status).toBe(201)
    expect((await rollback.json())[0].name).toBe('Ghost')
    expect(await authorRow(rolledBack)).toBeUndefined()
    const [x, y] = [newId(), newId()]
    const single = await db
      .from('rest_test_authors')
      .insert([
        { id: x, name: 'X' },
        { id: y, name: 'Y' },
      ])
      .select()
      .single()
    expect(single.status).toBe(406)
    expect(single.error?.code).toBe('PGRST116')
    expect(await authorRow(x)).toBeUndefined()
  })
})

describe('update and delete', () => {
  it('updates matching rows: 204 by default, 200 with the representation, [] when nothing matched', async () => {
    const id = newId()
    await db.from('rest_test_authors').insert({ id, name: 'Old', rating: 1 })
    const plain = await db.from('rest_test_authors').update({ bio: 'updated' }).eq('id', id)
    expect(plain).toMatchObject({ status: 204, error: null, data: null })
    const shown = await db
      .from('rest_test_authors')
      .update({ name: 'New', rating: 2.5 })
      .eq('id', id)
      .select('name, rating, bio')
    expect(shown).toMatchObject({ status: 200, data: [{ name: 'New', rating: 2.5, bio: 'updated' }] })
    const nothing = await db.from('rest_test_authors').update({ name: 'Nobody' }).eq('id', -1).select()
    expect(nothing).toMatchObject({ status: 200, data: [] })
    const counted = await rest(`/rest_test_authors?id=eq.${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', prefer: 'count=exact' },
      body: '{"bio":"x"}',
    })
    expect(counted.headers.get('content-range')).toBe('0-0/1')
  })

  it('deletes matching rows with the representation and refuses an unfiltered update or delete', async () => {
    const [a, b] = [newId(), newId()]
    await db.from('rest_test_authors').insert([
      { id: a, name: 'Doomed A' },
      { id: b, name: 'Doomed B' },
    ])
    const removed = await db.from('rest_test_authors').delete().in('id', [a, b]).select('name').order('name')
    expect(removed).toMatchObject({ status: 200, data: [{ name: 'Doomed A' }, { name: 'Doomed B' }] })
    expect(await authorRow(a)).toBeUndefined()
    const before = await sql<{ n: number }>('select count(*)::int as n from rest_test_authors')
    const unfilteredDelete = await db.from('rest_test_authors').delete()
    expect(unfilteredDelete.status).toBe(400)
    expect(unfilteredDelete.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    const unfilteredUpdate = await db.from('rest_test_authors').update({ bio: 'all' })
    expect(unfilteredUpdate.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    expect(await sql('select count(*)::int as n from rest_test_authors')).toEqual(before)
  })
})

describe('rpc', () => {
  it('calls a scalar function over POST and GET, with defaults and arrays', async () => {
    expect(await db.rpc('rest_test_add', { a: 2, b: 3 })).toMatchObject({ data: 5, status: 200 })
    expect(await db.rpc('rest_test_add', { a: 2 })).toMatchObject({ data: 12 })
    expect(await db.rpc('rest_test_add', { a: 2, b: 3 }, { get: true })).toMatchObject({ data: 5 })
    expect(await db.rpc('rest_test_sum', { vals: [1, 2, 3] })).toMatchObject({ data: 6 })
    expect(await db.rpc('rest_test_sum', { vals: [4, 5] }, { get: true })).toMatchObject({ data: 9 })
    expect(await db.rpc('rest_test_echo', { any: ['shape', 1] })).toMatchObject({ data: { any: ['shape', 1] } })
  })

  it('returns set-returning results as arrays that select, filters, order and limit apply to', async () => {
    const { data, error } = await db.rpc('rest_test_posts_by', { author: 1 }).select('title, views').gt('views', 60)
    expect(error).toBeNull()
    expect(data).toEqual([{ title: 'Notes on the Analytical Engine', views: 100 }])
    const get = await db
      .rpc('rest_test_posts_by', { author: 1 }, { get: true })
      .select('id')
      .lt('id', 100)
      .order('id', { ascending: false })
      .limit(1)
    expect(get.data).toEqual([{ id: 2 }])
    const embedded = await db
      .rpc('rest_test_posts_by', { author: 2 })
      .select('title, author:rest_test_authors!author_id(name)')
      .single()
    expect(embedded.data).toEqual({ title: 'Computing Machinery', author: { name: 'Alan Turing' } })
    const table = await db.rpc('rest_test_author_card', { author: 3 })
    expect(table.data).toEqual([{ name: 'Grace Hopper', post_count: 1 }])
    const head = await db.rpc('rest_test_posts_by', { author: 3 }, { head: true, count: 'exact' })
    expect(head).toMatchObject({ error: null, count: 1 })
  })

  it('answers 204 for void functions and commits their writes', async () => {
    const message = `logged ${newId()}`
    const { status, error } = await db.rpc('rest_test_log_message', { message })
    expect({ status, error }).toEqual({ status: 204, error: null })
    expect(await sql('select message from rest_test_log where message = $1', [message])).toHaveLength(1)
  })

  it('maps function errors: PGRST202 missing, 405 for a write in a stable function, RAISE details, PTxyz', async () => {
    const missing = await db.rpc('rest_test_missing', { a: 1 })
    expect(missing.status).toBe(404)
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_test_missing(a) in the schema cache',
    })
    const wrongArgs = await db.rpc('rest_test_add', { c: 1 })
    expect(wrongArgs.error?.code).toBe('PGRST202')
    const readOnly = await db.rpc('rest_test_sneaky_write')
    expect(readOnly.status).toBe(405)
    expect(readOnly.error?.code).toBe('25006')
    const writeOnGet = await db.rpc('rest_test_log_message', { message: 'via GET' }, { get: true })
    expect(writeOnGet.status).toBe(405)
    const raised = await db.rpc('rest_test_fail', { reason: 'because' })
    expect(raised.status).toBe(400)
    expect(raised.error).toEqual({
      code: 'P0001',
      message: 'refused: because',
      details: 'the detail',
      hint: 'the hint',
    })
    const custom = await db.rpc('rest_test_payment_required')
    expect(custom.status).toBe(402)
    expect(custom.error?.message).toBe('pay first')
  })

  it('runs a function with the caller’s claims', async () => {
    const anon = createClient(testEnv.apiUrl, testEnv.anonKey, {
      realtime: { transport: ws as unknown as typeof WebSocket },
      auth: { persistSession: false },
    })
    expect((await anon.rpc('rest_test_whoami')).data).toBe('anon')
    expect((await db.rpc('rest_test_whoami')).data).toBe('service_role')
  })
})
