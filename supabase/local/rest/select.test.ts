/** Reads through /rest/v1 with supabase-js: columns, formatting, every filter, embeds, order, ranges. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientWithToken, testEnv } from '../testing/clients.ts'
import { createRestTestSchema, dropRestTestSchema, rest } from '../testing/rest-schema.ts'

const db = clientWithToken(testEnv.serviceRoleKey)

beforeAll(createRestTestSchema)
afterAll(dropRestTestSchema)

async function ids(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<number[]> {
  const { data, error } = await query
  expect(error).toBeNull()
  return (data as Array<{ id: number }>).map((row) => row.id).sort((a, b) => a - b)
}

const authors = () => db.from('rest_test_authors').select('id')

describe('columns and formatting', () => {
  it('formats values as PostgreSQL JSON does (dates, numerics, timestamptz, jsonb, arrays, uuid, ranges)', async () => {
    const { data, error } = await db.from('rest_test_authors').select('*').eq('id', 1).single()
    expect(error).toBeNull()
    expect(data).toEqual({
      id: 1,
      name: 'Ada Lovelace',
      bio: 'first programmer',
      born: '1815-12-10',
      rating: 4.5,
      active: true,
      tags: ['math', 'poetry'],
      meta: { city: 'London', langs: ['en', 'fr'], age: 36 },
      uid: '00000000-0000-4000-8000-000000000001',
      created_at: '2026-01-02T03:04:05.123456+00:00',
      span: '[1,5)',
      small: 1,
      mentor_id: null,
    })
  })

  it('renames, casts and follows JSON paths', async () => {
    const { data, error } = await db
      .from('rest_test_authors')
      .select(
        'author:name, id_text:id::text, rating::text, meta->city, plain_city:meta->>city, meta->langs->0, meta->>age',
      )
      .eq('id', 1)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      author: 'Ada Lovelace',
      id_text: '1',
      rating: '4.50',
      city: 'London',
      plain_city: 'London',
      0: 'en',
      age: '36',
    })
  })

  it('answers 400 42703 for an unknown column and 404 PGRST205 for an unknown table', async () => {
    const column = await db.from('rest_test_authors').select('nope')
    expect(column.status).toBe(400)
    expect(column.error?.code).toBe('42703')
    const table = await db.from('rest_test_nope').select()
    expect(table.status).toBe(404)
    expect(table.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.rest_test_nope' in the schema cache",
    })
  })
})

describe('filter operators', () => {
  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids(authors().eq('name', 'Alan Turing'))).toEqual([2])
    expect(await ids(authors().neq('id', 1))).toEqual([2, 3, 4])
    expect(await ids(authors().gt('rating', 4.5))).toEqual([2])
    expect(await ids(authors().gte('rating', 4.5))).toEqual([1, 2])
    expect(await ids(authors().lt('born', '1900-01-01'))).toEqual([1])
    expect(await ids(authors().lte('small', 2))).toEqual([1, 2])
    expect(await ids(authors().eq('created_at', '2026-01-02T05:04:05.123456+02:00'))).toEqual([1, 2, 3, 4])
  })

  it('matches patterns with like, ilike (% and *), likeAnyOf, likeAllOf, match and imatch', async () => {
    expect(await ids(authors().like('name', '%Turing'))).toEqual([2])
    expect(await ids(authors().ilike('name', 'a%'))).toEqual([1, 2])
    expect(await ids(authors().filter('name', 'ilike', '*hopper*'))).toEqual([3])
    expect(await ids(authors().ilike('bio', '% considered %'))).toEqual([4])
    expect(await ids(authors().likeAnyOf('name', ['Ada%', 'Grace%']))).toEqual([1, 3])
    expect(await ids(authors().likeAllOf('name', ['A%', '%g']))).toEqual([2])
    expect(await ids(authors().ilikeAnyOf('name', ['ada%', 'edsger%']))).toEqual([1, 4])
    expect(await ids(authors().match({ active: true, small: 4 }))).toEqual([4])
    expect(await ids(authors().regexMatch('name', '^[AG]'))).toEqual([1, 2, 3])
    expect(await ids(authors().regexIMatch('name', '^g.*R$'))).toEqual([3])
  })

  it('tests is null/true/false, isDistinct, and not', async () => {
    expect(await ids(authors().is('bio', null))).toEqual([2])
    expect(await ids(authors().not('bio', 'is', null))).toEqual([1, 3, 4])
    expect(await ids(authors().is('active', false))).toEqual([3])
    expect(await ids(authors().filter('active', 'is', 'true'))).toEqual([1, 2, 4])
    expect(await ids(authors().isDistinct('rating', 4.5))).toEqual([2, 3, 4])
    expect(await ids(authors().not('name', 'like', 'A%'))).toEqual([3, 4])
  })

  it('tests membership with in, not in, quoted items and any/all quantifiers', async () => {
    expect(await ids(authors().in('id', [1, 3, 99]))).toEqual([1, 3])
    expect(await ids(authors().not('id', 'in', '(1,3)'))).toEqual([2, 4])
    expect(await ids(authors().in('bio', ['a, b (and) "c"', 'first programmer']))).toEqual([1, 3])
    expect(await ids(authors().in('id', []))).toEqual([])
    expect(await ids(authors().filter('id', 'eq(any)', '{2,4}'))).toEqual([2, 4])
    expect(await ids(authors().filter('id', 'gt(all)', '{1,2}'))).toEqual([3, 4])
  })

  it('uses array, jsonb and range operators', async () => {
    expect(await ids(authors().contains('tags', ['math']))).toEqual([1, 2])
    expect(await ids(authors().containedBy('tags', ['math', 'poetry', 'navy']))).toEqual([1, 3, 4])
    expect(await ids(authors().overlaps('tags', ['crypto', 'navy']))).toEqual([2, 3])
    expect(await ids(authors().contains('meta', { langs: ['fr'] }))).toEqual([1])
    expect(await ids(authors().eq('meta->>city', 'Wilmslow'))).toEqual([2])
    expect(await ids(authors().gt('meta->age', 40))).toEqual([2])
    expect(await ids(authors().rangeLt('span', '[10,20)'))).toEqual([1, 2])
    expect(await ids(authors().rangeGt('span', '[10,20)'))).toEqual([3])
    expect(await ids(authors().rangeGte('span', '[5,6)'))).toEqual([2, 3])
    expect(await ids(authors().rangeLte('span', '[1,6)'))).toEqual([1])
    expect(await ids(authors().rangeAdjacent('span', '[10,20)'))).toEqual([2, 3])
    expect(await ids(authors().overlaps('span', '[4,6)'))).toEqual([1, 2])
  })

  it('searches text with fts, plfts, phfts and wfts', async () => {
    const posts = () => db.from('rest_test_posts').select('id')
    expect(await ids(posts().textSearch('body', 'engine & patterns'))).toEqual([1])
    expect(await ids(posts().textSearch('body', 'machines think', { type: 'plain', config: 'english' }))).toEqual([3])
    expect(await ids(posts().textSearch('body', 'first compiler', { type: 'phrase', config: 'english' }))).toEqual([4])
    expect(
      await ids(
        posts().textSearch('body', '"discovering faculty" or engine', { type: 'websearch', config: 'english' }),
      ),
    ).toEqual([1, 2])
  })

  it('combines or/and trees, nested and negated', async () => {
    expect(await ids(authors().or('id.eq.1,name.eq.Grace Hopper'))).toEqual([1, 3])
    expect(await ids(authors().or('and(active.is.true,rating.gt.4),bio.is.null,id.in.(4)'))).toEqual([1, 2, 4])
    expect(await ids(authors().or('bio.eq."a, b (and) \\"c\\"",id.eq.4'))).toEqual([3, 4])
    expect(await ids(authors().filter('id', 'gt', 1).filter('id', 'lt', 4))).toEqual([2, 3])
    const notOr = await rest('/rest_test_authors?select=id&not.or=(id.eq.1,id.eq.2)&order=id')
    expect(await notOr.json()).toEqual([{ id: 3 }, { id: 4 }])
    const and = await rest('/rest_test_authors?select=id&and=(active.is.true,not.or(id.eq.1,id.eq.2))')
    expect(await and.json()).toEqual([{ id: 4 }])
  })

  it('decodes + as a space and rejects unknown operators with PGRST100', async () => {
    const plus = await rest('/rest_test_authors?select=id&name=eq.Alan+Turing')
    expect(await plus.json()).toEqual([{ id: 2 }])
    const bad = await rest('/rest_test_authors?id=foo.1')
    expect(bad.status).toBe(400)
    expect((await bad.json()).code).toBe('PGRST100')
  })
})

describe('embedded resources', () => {
  it('embeds a to-one as an object (or null) and a to-many as an array (or [])', async () => {
    const { data, error } = await db
      .from('rest_test_posts')
      .select(
        'id, author:rest_test_authors!author_id(name), editor:rest_test_authors!rest_test_posts_editor_id_fkey(name)',
      )
      .in('id', [2, 3])
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 2, author: { name: 'Ada Lovelace' }, editor: null },
      { id: 3, author: { name: 'Alan Turing' }, editor: { name: 'Ada Lovelace' } },
    ])
    const many = await db
      .from('rest_test_authors')
      .select('id, rest_test_posts!author_id(id)')
      .in('id', [1, 4])
      .order('id')
    expect(many.data).toEqual([
      { id: 1, rest_test_posts: [{ id: 1 }, { id: 2 }] },
      { id: 4, rest_test_posts: [] },
    ])
  })

  it('answers 300 PGRST201 for an ambiguous embed and 400 PGRST200 for a missing relationship', async () => {
    const ambiguous = await db.from('rest_test_posts').select('id, rest_test_authors(name)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error?.code).toBe('PGRST201')
    expect(ambiguous.error?.details).toHaveLength(2)
    const missing = await db.from('rest_test_tags').select('id, rest_test_authors(name)')
    expect(missing.status).toBe(400)
    expect(missing.error?.code).toBe('PGRST200')
  })

  it('embeds one-to-one as an object and many-to-many through a junction table', async () => {
    const { data } = await db
      .from('rest_test_authors')
      .select('id, rest_test_profiles(nickname)')
      .in('id', [1, 2])
      .order('id')
    expect(data).toEqual([
      { id: 1, rest_test_profiles: { nickname: 'Enchantress of Numbers' } },
      { id: 2, rest_test_profiles: null },
    ])
    const tags = await db.from('rest_test_posts').select('id, rest_test_tags(label)').eq('id', 3).single()
    expect(tags.data).toEqual({ id: 3, rest_test_tags: [{ label: 'math' }, { label: 'ai' }] })
  })

  it('nests embeds, counts, spreads and embeds through a foreign key column name', async () => {
    const { data, error } = await db
      .from('rest_test_authors')
      .select(
        'name, posts:rest_test_posts!author_id(title, rest_test_tags(label)), total:rest_test_posts!author_id(count), ...rest_test_profiles(nickname)',
      )
      .eq('id', 1)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      name: 'Ada Lovelace',
      nickname: 'Enchantress of Numbers',
      total: [{ count: 2 }],
      posts: [
        { title: 'Notes on the Analytical Engine', rest_test_tags: [{ label: 'history' }, { label: 'math' }] },
        { title: 'Poetical Science', rest_test_tags: [] },
      ],
    })
    const byColumn = await db.from('rest_test_posts').select('title, writer:author_id(name)').eq('id', 4).single()
    expect(byColumn.data).toEqual({ title: 'Compilers', writer: { name: 'Grace Hopper' } })
  })

  it('filters, orders and limits embedded rows; !inner drops parents without a match', async () => {
    const left = await db
      .from('rest_test_authors')
      .select('id, rest_test_posts!author_id(title)')
      .gt('rest_test_posts.views', 60)
      .in('id', [1, 2])
      .order('id')
    expect(left.data).toEqual([
      { id: 1, rest_test_posts: [{ title: 'Notes on the Analytical Engine' }] },
      { id: 2, rest_test_posts: [{ title: 'Computing Machinery' }] },
    ])
    const inner = await db
      .from('rest_test_authors')
      .select('id, rest_test_posts!author_id!inner(title)')
      .eq('rest_test_posts.title', 'Compilers')
    expect(inner.data).toEqual([{ id: 3, rest_test_posts: [{ title: 'Compilers' }] }])
    const ordered = await db
      .from('rest_test_authors')
      .select('id, posts:rest_test_posts!author_id(id)')
      .eq('id', 1)
      .order('id', { referencedTable: 'posts', ascending: false })
      .limit(1, { referencedTable: 'posts' })
      .single()
    expect(ordered.data).toEqual({ id: 1, posts: [{ id: 2 }] })
    const either = await db
      .from('rest_test_authors')
      .select('id, rest_test_posts!author_id(id)')
      .or('views.gt.200,title.eq.Poetical Science', { referencedTable: 'rest_test_posts' })
      .in('id', [1, 2])
      .order('id')
    expect(either.data).toEqual([
      { id: 1, rest_test_posts: [{ id: 2 }] },
      { id: 2, rest_test_posts: [{ id: 3 }] },
    ])
  })

  it('filters parents on the presence of embedded rows (is.null anti-join) and orders by a to-one column', async () => {
    const without = await db
      .from('rest_test_authors')
      .select('id, rest_test_profiles()')
      .is('rest_test_profiles', null)
      .order('id')
    expect(without.data).toEqual([{ id: 2 }, { id: 4 }])
    const withProfile = await ids(
      db.from('rest_test_authors').select('id, rest_test_profiles()').not('rest_test_profiles', 'is', null),
    )
    expect(withProfile).toEqual([1, 3])
    const byAuthor = await rest(
      '/rest_test_posts?select=id,author:rest_test_authors!author_id(name)&order=author(name).desc,id.asc',
    )
    expect((await byAuthor.json()).map((row: { id: number }) => row.id)).toEqual([4, 3, 1, 2])
  })

  it('embeds a self-reference both ways and spreads a to-many into arrays', async () => {
    const { data } = await db
      .from('rest_test_authors')
      .select(
        'id, mentor:rest_test_authors!mentor_id(name), mentees:rest_test_authors!rest_test_authors_mentor_id_fkey(id)',
      )
      .in('id', [1, 2])
      .order('id')
    expect(data).toEqual([
      { id: 1, mentor: null, mentees: [{ id: 2 }, { id: 4 }] },
      { id: 2, mentor: { name: 'Ada Lovelace' }, mentees: [] },
    ])
    const spread = await db
      .from('rest_test_authors')
      .select('id, ...rest_test_posts!author_id(title, views)')
      .eq('id', 1)
      .single()
    expect(spread.data).toEqual({
      id: 1,
      title: ['Notes on the Analytical Engine', 'Poetical Science'],
      views: [100, 50],
    })
  })

  it('embeds through a view whose columns come from a table with foreign keys, both directions', async () => {
    const fromView = await db
      .from('rest_test_post_cards')
      .select('title, shout, rest_test_authors(name)')
      .eq('id', 4)
      .single()
    expect(fromView.data).toEqual({
      title: 'Compilers',
      shout: 'COMPILERS',
      rest_test_authors: { name: 'Grace Hopper' },
    })
    const toView = await db.from('rest_test_authors').select('name, rest_test_post_cards(title)').eq('id', 2).single()
    expect(toView.data).toEqual({ name: 'Alan Turing', rest_test_post_cards: [{ title: 'Computing Machinery' }] })
    const tags = await db.from('rest_test_post_cards').select('id, rest_test_tags(label)').eq('id', 1).single()
    expect(tags.data).toEqual({ id: 1, rest_test_tags: [{ label: 'history' }, { label: 'math' }] })
  })

  it('refuses a filter on a resource that is not embedded (PGRST108)', async () => {
    const { status, error } = await db.from('rest_test_authors').select('id').eq('rest_test_posts.id', 1)
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST108')
  })
})

describe('order, ranges and counts', () => {
  it('orders with nullsfirst / nullslast over several columns', async () => {
    const first = await db.from('rest_test_authors').select('id').order('rating', { ascending: true, nullsFirst: true })
    expect(first.data?.map((r) => r.id)).toEqual([3, 4, 1, 2])
    const last = await db
      .from('rest_test_authors')
      .select('id')
      .order('rating', { ascending: false, nullsFirst: false })
    expect(last.data?.map((r) => r.id)).toEqual([2, 1, 4, 3])
    const multi = await db.from('rest_test_authors').select('id').order('active').order('id', { ascending: false })
    expect(multi.data?.map((r) => r.id)).toEqual([3, 4, 2, 1])
  })

  it('pages with range and an exact count: 206 and Content-Range for a partial page, 200 for all', async () => {
    const page = await db.from('rest_test_authors').select('id', { count: 'exact' }).order('id').range(1, 2)
    expect(page.status).toBe(206)
    expect(page.count).toBe(4)
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }])
    const all = await db.from('rest_test_authors').select('id', { count: 'exact' })
    expect(all.status).toBe(200)
    expect(all.count).toBe(4)
    const raw = await rest('/rest_test_authors?select=id&order=id&offset=1&limit=2', {
      headers: { prefer: 'count=exact' },
    })
    expect(raw.headers.get('content-range')).toBe('1-2/4')
    const noCount = await rest('/rest_test_authors?select=id&limit=2')
    expect(noCount.status).toBe(200)
    expect(noCount.headers.get('content-range')).toBe('0-1/*')
    const empty = await rest('/rest_test_authors?select=id&id=eq.99', { headers: { prefer: 'count=exact' } })
    expect(empty.headers.get('content-range')).toBe('*/0')
    const ranged = await rest('/rest_test_authors?select=id&order=id', { headers: { range: '2-3' } })
    expect(await ranged.json()).toEqual([{ id: 3 }, { id: 4 }])
  })

  it("answers at most config.toml's max_rows (1,000, as a hosted project) to a read or a function, whatever limit is asked for", async () => {
    const numbers = (data: unknown) => (data as Array<{ n: number }>).map((row) => row.n)
    const read = await db.from('rest_test_numbers').select('n').order('n')
    expect(read.error).toBeNull()
    expect(numbers(read.data)).toHaveLength(1000)
    const asked = await db.from('rest_test_numbers').select('n').order('n').limit(1500)
    expect(numbers(asked.data)).toHaveLength(1000)
    const counted = await rest('/rest_test_numbers?select=n&order=n', { headers: { prefer: 'count=exact' } })
    expect(counted.headers.get('content-range')).toBe('0-999/1500')
    const nextPage = await db.from('rest_test_numbers').select('n').order('n').range(1000, 1999)
    expect(numbers(nextPage.data)).toEqual(Array.from({ length: 500 }, (_, index) => 1001 + index))

    const table = await db.rpc('rest_test_count_to', { upto: 1200 })
    expect(numbers(table.data)).toHaveLength(1000)
    const tablePage = await db.rpc('rest_test_count_to', { upto: 1200 }).order('n').range(1000, 1999)
    expect(numbers(tablePage.data)).toEqual(Array.from({ length: 200 }, (_, index) => 1001 + index))
    const scalar = await db.rpc('rest_test_series', { upto: 1200 })
    expect(scalar.error).toBeNull()
    expect(scalar.data).toEqual(Array.from({ length: 1000 }, (_, index) => 1 + index))
  })

  it('answers 416 PGRST103 past the end, counts on HEAD, and accepts planned/estimated counts', async () => {
    const past = await db.from('rest_test_authors').select('id', { count: 'exact' }).range(10, 12)
    expect(past.status).toBe(416)
    expect(past.error?.code).toBe('PGRST103')
    const head = await db.from('rest_test_authors').select('*', { count: 'exact', head: true }).eq('active', true)
    expect(head.error).toBeNull()
    expect(head.count).toBe(3)
    expect(head.data).toBeNull()
    const rawHead = await rest('/rest_test_authors?select=*', { method: 'HEAD', headers: { prefer: 'count=exact' } })
    expect(rawHead.headers.get('content-range')).toBe('0-3/4')
    expect(await rawHead.text()).toBe('')
    const planned = await db.from('rest_test_authors').select('id', { count: 'planned', head: true })
    expect(planned.count).toBeGreaterThanOrEqual(0)
    const estimated = await db.from('rest_test_authors').select('id', { count: 'estimated', head: true })
    expect(estimated.count).toBeGreaterThanOrEqual(0)
  })

  it('returns a bare object for single(), PGRST116 otherwise, and maybeSingle() null for none', async () => {
    const one = await db.from('rest_test_authors').select('name').eq('id', 2).single()
    expect(one).toMatchObject({ status: 200, data: { name: 'Alan Turing' } })
    const none = await db.from('rest_test_authors').select('name').eq('id', 99).single()
    expect(none.status).toBe(406)
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
    const many = await db.from('rest_test_authors').select('name').single()
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' })
    const maybe = await db.from('rest_test_authors').select('name').eq('id', 99).maybeSingle()
    expect(maybe).toMatchObject({ error: null, data: null })
    const raw = await rest('/rest_test_authors?select=id&id=eq.1', {
      headers: { accept: 'application/vnd.pgrst.object+json' },
    })
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8')
  })

  it('answers text/csv on request', async () => {
    const { data, error } = await db
      .from('rest_test_authors')
      .select('id, name, bio')
      .in('id', [3, 4])
      .order('id')
      .csv()
    expect(error).toBeNull()
    expect(data).toBe('id,name,bio\n3,Grace Hopper,"a, b (and) ""c"""\n4,Edsger Dijkstra,goto considered harmful')
  })

  it('strips nulls on request', async () => {
    const { data } = await db.from('rest_test_authors').select('id, bio, rating').eq('id', 2).stripNulls()
    expect(data).toEqual([{ id: 2, rating: 4.75 }])
  })
})
