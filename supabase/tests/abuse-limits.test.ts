/**
 * Abuse limits enforced by the database and the functions: media URLs only from this project's
 * storage, one memory per request, anonymous uploads per book per hour, coupon checks for
 * signed-in users within a per-client limit, an admin notification that does not tell whether an
 * account exists, chats written only by the support-chat function, and security events a user can
 * report only about themselves.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  createBook,
  publicUrl,
  requestFrom,
  serviceClient,
  signedInUser,
  sql,
  testEnv,
  TINY_JPEG,
  unique,
  uniqueAddress,
} from '../local/testing/index.ts'

const guest = { full_name: 'אורח', relation: 'חבר/ה', text1: 'זיכרון' }

function withOrigin(url: string, origin: string): string {
  return url.replace(testEnv.apiUrl, origin)
}

describe('media URLs', () => {
  it('accepts only this project scheme, host and port for memory photos and videos', async () => {
    const book = await createBook({ plan: 'full' })
    const anon = anonClient()
    const photo = publicUrl(`memories/${book.id}/photo.jpg`)
    const port = new URL(testEnv.apiUrl).port
    const foreign = [
      withOrigin(photo, 'https://evil.example'),
      withOrigin(photo, `http://127.0.0.1:${Number(port) + 1}`),
      withOrigin(photo, testEnv.apiUrl.replace('http://', 'https://')),
      `${photo.replace('/memories/', '/memories/../memories/')}`,
    ]
    for (const url of foreign) {
      const { error } = await anon.rpc('add_memory', { book_ref: book.shortCode, ...guest, image_urls: [url] })
      expect(error, url).toMatchObject({
        code: 'P0001',
        hint: 'memory_media_url_invalid',
        message: 'התמונה חייבת להיות קובץ שהועלה לספר הזה',
      })
    }
    const video = await anon.rpc('add_memory', {
      book_ref: book.shortCode,
      ...guest,
      video_url: withOrigin(publicUrl(`videos/${book.id}/clip.mp4`), 'https://evil.example'),
    })
    expect(video.error).toMatchObject({ code: 'P0001', hint: 'memory_media_url_invalid' })
    const viaService = await serviceClient().rpc('add_memory', {
      book_ref: book.shortCode,
      ...guest,
      image_urls: [foreign[0]!],
    })
    expect(viaService.error).toMatchObject({ code: 'P0001', hint: 'memory_media_url_invalid' })

    const own = await anon.rpc('add_memory', { book_ref: book.shortCode, ...guest, image_urls: [photo] })
    expect(own.data).toMatchObject({ ok: true })
  })

  it("accepts a book's pictures only from this project and the user's own folder", async () => {
    const owner = await signedInUser({ label: 'picture-owner' })
    const other = await signedInUser({ label: 'picture-other' })
    const book = await createBook({ ownerEmail: owner.email })
    const ownPicture = publicUrl(`profiles/${owner.id}/face.jpg`)
    const refused = [
      { profile_image_url: withOrigin(ownPicture, 'https://evil.example') },
      { background_image_url: withOrigin(publicUrl(`books/${owner.id}/bg.jpg`), 'http://169.254.169.254') },
      { profile_image_url: publicUrl(`profiles/${other.id}/face.jpg`) },
    ]
    for (const change of refused) {
      const { error } = await owner.client.from('memory_books').update(change).eq('id', book.id)
      expect(error, JSON.stringify(change)).toMatchObject({ code: 'P0001', hint: 'book_image_url_invalid' })
    }
    const accepted = await owner.client
      .from('memory_books')
      .update({ profile_image_url: ownPicture, background_image_url: publicUrl(`books/${owner.id}/bg.jpg`) })
      .eq('id', book.id)
      .select('id')
    expect(accepted.error).toBeNull()
    expect(accepted.data).toHaveLength(1)
  })

  it('keeps the project URL out of reach of API callers', async () => {
    const [row] = await sql<{ project_url: string }>(`select "project_url" from "public"."project_settings"`)
    expect(row!.project_url).toBe(testEnv.apiUrl)
    const user = await signedInUser({ label: 'settings-writer' })
    for (const client of [anonClient(), user.client]) {
      const { error } = await client.from('project_settings').upsert({ id: true, project_url: 'https://evil.example' })
      expect(error?.code).toBe('42501')
    }
  })
})

describe('one memory per request', () => {
  it('refuses a bulk insert of memories from anonymous and signed-in callers', async () => {
    const owner = await signedInUser({ label: 'bulk-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    const row = { book_id: book.id, full_name: 'אורח', relation_to_deceased: 'חבר/ה', memory_text_1: 'זיכרון' }
    for (const client of [anonClient(), owner.client]) {
      const { error } = await client.from('memory_entries').insert([row, row, row])
      expect(error).toMatchObject({
        code: 'P0001',
        hint: 'memory_bulk_insert',
        message: 'ניתן להוסיף זיכרון אחד בכל פעם',
      })
    }
    const [count] = await sql<{ n: number }>(
      `select count(*)::int as "n" from "public"."memory_entries" where "book_id" = $1`,
      [book.id],
    )
    expect(count!.n).toBe(0)
    const mass = await anonClient()
      .from('memory_entries')
      .insert(Array.from({ length: 2000 }, () => row))
    expect(mass.error).toMatchObject({ code: 'P0001', hint: 'memory_bulk_insert' })
    expect((await anonClient().from('memory_entries').insert(row)).error).toBeNull()
    const trusted = await sql(
      `insert into "public"."memory_entries" ("book_id", "full_name", "relation_to_deceased", "memory_text_1")
       values ($1, 'ייבוא', 'חבר/ה', 'א'), ($1, 'ייבוא', 'חבר/ה', 'ב') returning "id"`,
      [book.id],
    )
    expect(trusted).toHaveLength(2)
  })
})

describe('anonymous uploads', () => {
  it('caps anonymous uploads into a book at 400 per hour (a shiva house sends 120), and not signed-in ones', async () => {
    const book = await createBook({ plan: 'pro' })
    await sql(
      `insert into "storage"."objects" ("bucket_id", "name", "owner_id", "metadata")
       select 'memory-images', 'memories/' || $1 || '/earlier-' || n || '.jpg', null, '{}'::jsonb from generate_series(1, 399) n`,
      [book.id],
    )
    const anon = anonClient()
    const upload = (client: typeof anon, name: string) =>
      client.storage
        .from('memory-images')
        .upload(`memories/${book.id}/${name}`, TINY_JPEG, { contentType: 'image/jpeg' })
    expect((await upload(anon, 'four-hundredth.jpg')).error).toBeNull()
    const over = await upload(anon, 'over.jpg')
    expect(over.error).not.toBeNull()
    expect(over.data).toBeNull()
    const member = await signedInUser({ label: 'uploader' })
    expect((await upload(member.client, 'signed-in.jpg')).error).toBeNull()

    await sql(`update "storage"."objects" set "created_at" = now() - interval '61 minutes' where "name" like $1`, [
      `memories/${book.id}/%`,
    ])
    expect((await upload(anon, 'next-hour.jpg')).error).toBeNull()
  })
})

async function callFunction(name: string, body: unknown, options: { jwt?: string; address?: string } = {}) {
  // The gateway takes the client's address from the socket, so each client is a loopback address.
  const response = await requestFrom(options.address ?? uniqueAddress(), `${testEnv.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: testEnv.anonKey,
      authorization: `Bearer ${options.jwt ?? testEnv.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: response.json() }
}

describe('coupon checks', () => {
  it('needs a signed-in user and allows 10 checks per user in 15 minutes', async () => {
    const code = `LIMIT${unique().toUpperCase()}`
    await sql(`insert into "public"."admin_coupons" ("code", "discount_type", "value") values ($1, 'percent', 10)`, [
      code,
    ])
    const anonymous = await callFunction('validate-coupon', { code, selected_plan: 'pro' })
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'login_required' } })

    const user = await signedInUser({ label: 'coupon-guesser' })
    const answers = []
    for (let n = 0; n < 11; n += 1) {
      answers.push(
        await callFunction(
          'validate-coupon',
          { code: n === 10 ? code : `NOPE${n}`, selected_plan: 'pro' },
          { jwt: user.accessToken },
        ),
      )
    }
    expect(answers.slice(0, 10).map((a) => [a.status, a.body.valid])).toEqual(
      Array.from({ length: 10 }, () => [200, false]),
    )
    expect(answers[10]).toEqual({
      status: 429,
      body: { error: 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות', code: 'rate_limited' },
    })

    const other = await signedInUser({ label: 'coupon-buyer' })
    const fine = await callFunction('validate-coupon', { code, selected_plan: 'pro' }, { jwt: other.accessToken })
    expect(fine).toMatchObject({ status: 200, body: { valid: true, code } })
  })

  it('limits checks per address across users', async () => {
    const address = uniqueAddress()
    const users = await Promise.all(Array.from({ length: 7 }, (_, n) => signedInUser({ label: `coupon-sprayer-${n}` })))
    const results: number[] = []
    for (let n = 0; n < 61; n += 1) {
      const answer = await callFunction(
        'validate-coupon',
        { code: `SPRAY${n}`, selected_plan: 'pro' },
        { jwt: users[Math.floor(n / 9)]!.accessToken, address },
      )
      results.push(answer.status)
    }
    expect(results.slice(0, 60).every((status) => status === 200)).toBe(true)
    expect(results[60]).toBe(429)
  }, 120_000) // 61 calls one after another: slow on a loaded machine

  it('keeps the counter to the service role', async () => {
    const user = await signedInUser({ label: 'limit-resetter' })
    for (const client of [anonClient(), user.client]) {
      const { error } = await client.rpc('rate_limit_hit', {
        scope: 'coupon_user',
        clients: [user.id],
        max_hits: 1000,
        window_seconds: 1,
      })
      expect(error?.code).toBe('42501')
    }
  })
})

describe('admin notification', () => {
  it('answers the same whether or not the account exists', async () => {
    const fresh = await signedInUser({ label: 'fresh-signup' })
    const old = await signedInUser({ label: 'old-account' })
    await sql(`update "public"."users" set "created_at" = now() - interval '3 days' where "id" = $1`, [old.id])
    const answers = []
    for (const email of [fresh.email, `nobody-${unique()}@test.zochrim.local`, old.email, fresh.email]) {
      answers.push(await callFunction('send-admin-notification', { type: 'new_user', data: { name: 'בודק', email } }))
    }
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 200, body: { accepted: true } })))
    const [logged] = await sql<{ n: number }>(
      `select count(*)::int as "n" from "public"."admin_logs" where "action" = 'NEW_USER_NOTIFIED' and "target_user" = $1`,
      [fresh.email],
    )
    expect(logged!.n).toBe(1)
  })
})

describe('chat and security events', () => {
  it('refuses the chat writers to every API caller: only the support-chat function writes chats', async () => {
    const user = await signedInUser({ label: 'chat-writer' })
    const sessionId = `chat_${unique()}_${unique()}`
    await sql(`insert into "public"."chat_sessions" ("session_id") values ($1)`, [sessionId])
    for (const client of [anonClient(), user.client]) {
      const forged = await client.rpc('chat_record_message', {
        session_id: sessionId,
        message_text: 'כתובת התשלום החדשה: …',
        is_bot: true,
        intent: 'pricing',
      })
      expect(forged.error?.code).toBe('42501')
      expect((await client.rpc('chat_rate_session', { session_id: sessionId, rating: 1 })).error?.code).toBe('42501')
    }
    const [session] = await sql<{ messages: number; rows: number; rating: number | null }>(
      `select s."message_count" as "messages", (select count(*)::int from "public"."chat_messages" m where m."session_id" = s."session_id") as "rows",
              s."user_satisfaction" as "rating"
         from "public"."chat_sessions" s where s."session_id" = $1`,
      [sessionId],
    )
    expect(session).toEqual({ messages: 0, rows: 0, rating: null })
  })

  it("records only a user's own suspicious-activity reports, never the server's security rows", async () => {
    const user = await signedInUser({ label: 'event-reporter' })
    const book = await createBook()
    for (const action of [
      'SECURITY_FAMILY_CODE_LOCKOUT',
      'SECURITY_PAYMENT_AMOUNT_MISMATCH',
      'SECURITY_GIFT_CLAIM_LOCKOUT',
    ]) {
      const { error } = await user.client.rpc('log_security_event', { action, details: { book_id: book.id } })
      expect(error, action).toMatchObject({ code: 'P0001', hint: 'security_event_invalid' })
    }
    const reported = await user.client.rpc('log_security_event', {
      action: 'SECURITY_SUSPICIOUS_INACTIVITY',
      details: { minutes: 30, reported_by: 'server', user_id: 'someone-else' },
    })
    expect(reported.error).toBeNull()
    const rows = await sql<{
      action: string
      target_user: string
      book_id: string | null
      details: Record<string, unknown>
    }>(
      `select "action", "target_user", "book_id", "details" from "public"."admin_logs" where "details" ->> 'user_id' = $1`,
      [user.id],
    )
    expect(rows).toEqual([
      {
        action: 'SECURITY_SUSPICIOUS_INACTIVITY',
        target_user: user.email,
        book_id: null,
        details: { minutes: 30, reported_by: 'user', user_id: user.id },
      },
    ])
  })
})
