/**
 * The server's rules for adding a memory (how many images and videos each plan and each kind of
 * visitor may add, and who counts as family): each refusal comes back as P0001 (HTTP 400) with the
 * Hebrew message the app shows and a stable hint, whether the memory arrives through add_memory()
 * or a direct REST insert.
 */
import { describe, expect, it } from 'vitest'
import { anonClient, createBook, familyAccessGrant, publicUrl, sql, type TestBook } from '../local/testing/index.ts'

function photos(book: TestBook, count: number): string[] {
  return Array.from({ length: count }, (_, index) => publicUrl(`memories/${book.id}/photo-${index}.jpg`))
}

const guest = { full_name: 'דנה כהן', relation: 'חבר/ה', text1: 'היא תמיד צחקה איתנו' }

describe('adding memories', () => {
  const anon = anonClient()

  it.each([
    [
      'a guest with 6 images',
      { plan: 'pro' },
      (b: TestBook) => ({ image_urls: photos(b, 6) }),
      'memory_limit_images',
      'מקסימום 5 תמונות',
    ],
    [
      'a basic-plan book with an image',
      { plan: 'basic' },
      (b: TestBook) => ({ image_urls: photos(b, 1) }),
      'memory_images_not_in_plan',
      'העלאת תמונות זמינה בחבילת פרו ובחבילה המלאה',
    ],
    [
      'a pro book with a video',
      { plan: 'pro' },
      (b: TestBook) => ({ video_url: publicUrl(`videos/${b.id}/clip.mp4`) }),
      'memory_video_not_in_plan',
      'העלאת סרטונים זמינה בחבילה המלאה בלבד',
    ],
    [
      'an unpaid book',
      { payment: 'pending' },
      () => ({}),
      'memory_book_unpaid',
      'לא ניתן להוסיף זיכרונות לספר שעדיין לא שולם',
    ],
    [
      'an empty memory',
      {},
      () => ({ text1: '   ', text2: '', text3: undefined }),
      'memory_text_required',
      'אנא כתב לפחות זיכרון אחד',
    ],
    ['a missing author name', {}, () => ({ full_name: ' ' }), 'memory_author_required', 'אנא מלא את כל השדות הנדרשים'],
    [
      'an image URL outside the bucket',
      {},
      () => ({ image_urls: ['https://example.com/memories/photo.jpg'] }),
      'memory_media_url_invalid',
      'התמונה חייבת להיות קובץ שהועלה לספר הזה',
    ],
    [
      "an image of another book's folder",
      {},
      () => ({ image_urls: [publicUrl('memories/00000000-0000-4000-8000-000000000000/photo.jpg')] }),
      'memory_media_url_invalid',
      'התמונה חייבת להיות קובץ שהועלה לספר הזה',
    ],
    [
      'a text over 5,000 characters',
      {},
      () => ({ text1: 'א'.repeat(5001) }),
      'memory_text_too_long',
      'כל זיכרון יכול להכיל עד 5,000 תווים',
    ],
    [
      'an author name over 100 characters',
      {},
      () => ({ full_name: 'ש'.repeat(101) }),
      'memory_author_too_long',
      'השם יכול להכיל עד 100 תווים',
    ],
  ] as const)('refuses %s', async (_case, bookOptions, extra, hint, message) => {
    const book = await createBook(bookOptions)
    const { data, error, status } = await anon.rpc('add_memory', { book_ref: book.shortCode, ...guest, ...extra(book) })
    expect(data).toBeNull()
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: 'P0001', hint, message })
  })

  it('applies the same rules to a direct REST insert', async () => {
    const book = await createBook({ plan: 'pro' })
    const { error } = await anon.from('memory_entries').insert({
      book_id: book.id,
      full_name: 'אורח',
      relation_to_deceased: 'שכן/ה',
      memory_text_1: 'זיכרון',
      image_urls: photos(book, 6),
    })
    expect(error).toMatchObject({ code: 'P0001', hint: 'memory_limit_images' })
    const unpaid = await createBook({ payment: 'unpaid' })
    const second = await anon
      .from('memory_entries')
      .insert({ book_id: unpaid.id, full_name: 'אורח', relation_to_deceased: 'שכן/ה', memory_text_1: 'x' })
    expect(second.error).toMatchObject({ code: 'P0001', hint: 'memory_book_unpaid' })
  })

  it('accepts a guest memory with 5 images on a pro book and stores it as a guest memory', async () => {
    const book = await createBook({ plan: 'pro' })
    const { data, error } = await anon.rpc('add_memory', {
      book_ref: book.shortCode,
      ...guest,
      image_urls: photos(book, 5),
      image_captions: ['ים', 'בית', 'גן', 'שביל', 'ערב'],
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({ ok: true, source: 'guest' })
    const [stored] = await sql<{ source: string; relation: string; images: number; author: string | null }>(
      `select "source", "relation_to_deceased" as "relation", cardinality("image_urls") as "images", "author_user_id" as "author"
         from "public"."memory_entries" where "id" = $1`,
      [data!.memory_id],
    )
    expect(stored).toEqual({ source: 'guest', relation: 'חבר/ה', images: 5, author: null })
  })

  it('gives a family-code entrant 10 images and the family relation, but not 11', async () => {
    const book = await createBook({ plan: 'pro' })
    const grant = await familyAccessGrant(book)
    const ten = await anon.rpc('add_memory', {
      book_ref: book.shortCode,
      access_grant: grant,
      ...guest,
      image_urls: photos(book, 10),
    })
    expect(ten.error).toBeNull()
    expect(ten.data).toMatchObject({ ok: true, source: 'family' })
    const [stored] = await sql<{ relation: string }>(
      `select "relation_to_deceased" as "relation" from "public"."memory_entries" where "id" = $1`,
      [ten.data!.memory_id],
    )
    expect(stored!.relation).toBe('בן משפחה')

    const eleven = await anon.rpc('add_memory', {
      book_ref: book.shortCode,
      access_grant: grant,
      ...guest,
      image_urls: photos(book, 11),
    })
    expect(eleven.error).toMatchObject({ code: 'P0001', hint: 'memory_limit_images', message: 'מקסימום 10 תמונות' })
  })

  it('does not make a memory a family memory with a wrong access grant', async () => {
    const book = await createBook()
    const { data, error } = await anon.rpc('add_memory', {
      book_ref: book.shortCode,
      access_grant: book.familyCode,
      ...guest,
    })
    expect(data).toBeNull()
    expect(error).toMatchObject({
      code: '42501',
      hint: 'family_access_expired',
      message: 'הגישה לספר פגה, יש להזין שוב את הקוד המשפחתי',
    })
    const [count] = await sql<{ n: number }>(
      `select count(*)::int as "n" from "public"."memory_entries" where "book_id" = $1`,
      [book.id],
    )
    expect(count!.n).toBe(0)
  })

  it('accepts a video on a full-plan book', async () => {
    const book = await createBook({ plan: 'full' })
    const { data, error } = await anon.rpc('add_memory', {
      book_ref: book.id,
      ...guest,
      video_url: publicUrl(`videos/${book.id}/clip.mp4`),
    })
    expect(error).toBeNull()
    expect(data?.ok).toBe(true)
  })

  it("ignores a visitor's created_at, so nobody pins a memory to the top", async () => {
    const book = await createBook()
    const { error } = await anon.from('memory_entries').insert({
      book_id: book.id,
      full_name: 'אורח',
      relation_to_deceased: 'שכן/ה',
      memory_text_1: 'זיכרון',
      created_at: '2099-01-01T00:00:00Z',
    })
    expect(error).toBeNull()
    const [row] = await sql<{ future: boolean }>(
      `select "created_at" > now() + interval '1 minute' as "future" from "public"."memory_entries" where "book_id" = $1`,
      [book.id],
    )
    expect(row!.future).toBe(false)
  })
  describe('a memory sent again by the same browser', () => {
    const count = async (book: TestBook) =>
      (
        await sql<{ n: number }>(`select count(*)::int as "n" from "public"."memory_entries" where "book_id" = $1`, [
          book.id,
        ])
      )[0]!.n

    it('is not added twice within minutes: the second send is answered with the memory already saved', async () => {
      const book = await createBook({ plan: 'pro' })
      const memory = {
        book_ref: book.shortCode,
        ...guest,
        image_urls: photos(book, 1),
        sender: 'browser-one-0123456789',
      }
      const first = await anon.rpc('add_memory', memory)
      expect(first.data).toMatchObject({ ok: true, reason: 'created', source: 'guest' })
      // The same memory, named by the book's uuid this time: one book.
      const again = await anon.rpc('add_memory', { ...memory, book_ref: book.id })
      expect(again.error).toBeNull()
      expect(again.data).toMatchObject({ ok: true, reason: 'already_saved', memory_id: first.data!.memory_id })
      expect(await count(book)).toBe(1)
    })

    it('is added when it differs, comes from another browser, or was sent more than ten minutes ago', async () => {
      const book = await createBook()
      const memory = { book_ref: book.shortCode, ...guest, sender: 'browser-two-0123456789' }
      expect((await anon.rpc('add_memory', memory)).data?.reason).toBe('created')
      expect((await anon.rpc('add_memory', { ...memory, text2: 'ועוד משהו' })).data?.reason).toBe('created')
      expect((await anon.rpc('add_memory', { ...memory, sender: 'browser-three-0123456789' })).data?.reason).toBe(
        'created',
      )
      // Without a browser token (an older app) nothing is compared.
      const { sender: _sender, ...withoutSender } = memory
      expect((await anon.rpc('add_memory', withoutSender)).data?.reason).toBe('created')
      await sql(
        `update "private"."recent_memory_sends" set "sent_at" = now() - interval '11 minutes' where "book_id" = $1`,
        [book.id],
      )
      expect((await anon.rpc('add_memory', memory)).data?.reason).toBe('created')
      expect(await count(book)).toBe(5)
    })

    it('keeps the browsers and what they sent out of every API role', async () => {
      const book = await createBook()
      await anon.rpc('add_memory', { book_ref: book.shortCode, ...guest, sender: 'browser-four-0123456789' })
      const read = await anon
        .schema('private' as never)
        .from('recent_memory_sends')
        .select('*')
      expect(read.data).toBeNull()
      expect(read.error).not.toBeNull()
      const [grants] = await sql<{ n: number }>(
        `select count(*)::int as "n" from information_schema.role_table_grants
          where table_schema = 'private' and table_name = 'recent_memory_sends' and grantee in ('anon', 'authenticated')`,
      )
      expect(grants!.n).toBe(0)
    })
  })
})
