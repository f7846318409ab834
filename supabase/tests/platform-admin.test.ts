/**
 * The platform admin's database functions: each refuses anyone who is not a platform admin
 * (signed in or not); the book and user searches page on the server and match names, e-mails and
 * ids; coupon creation validates on the server with Hebrew messages and the coupon can be used at
 * once; chat analytics sums the latest sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  createBook,
  serviceClient,
  signedInUser,
  sql,
  unique,
  type SignedInUser,
} from '../local/testing/index.ts'

let admin: SignedInUser
let plain: SignedInUser

beforeAll(async () => {
  ;[admin, plain] = await Promise.all([signedInUser({ platformAdmin: true }), signedInUser({ label: 'plain' })])
})

const someUuid = '00000000-0000-4000-8000-000000000000'

/** Every admin function with arguments a caller could send. */
const adminCalls: [string, Record<string, unknown>][] = [
  ['admin_list_books', {}],
  ['admin_search_users', {}],
  ['admin_overview_counts', {}],
  ['admin_chat_analytics', {}],
  ['admin_create_coupon', { code: 'NOPE123', discount_type: 'percent', value: 10 }],
  ['admin_delete_coupon', { coupon: someUuid }],
  ['admin_toggle_payment_status', { book: someUuid }],
  ['admin_list_users', {}],
  ['admin_security_logs', {}],
  ['admin_cleanup_security_logs', {}],
]

describe('admin functions refuse everyone but platform admins', () => {
  it.each(adminCalls)('%s refuses a signed-in user who is not a platform admin', async (name, args) => {
    const { data, error } = await plain.client.rpc(name as never, args as never)
    expect(data).toBeNull()
    expect(error?.code).toBe('42501')
  })

  it.each(adminCalls)('%s refuses an anonymous caller', async (name, args) => {
    const { data, error } = await anonClient().rpc(name as never, args as never)
    expect(data).toBeNull()
    expect(error).not.toBeNull()
  })

  it('record_admin_password_reset is for the service role alone, and only names a platform admin', async () => {
    const asUser = await plain.client.rpc('record_admin_password_reset', {
      admin_user: admin.id,
      target_user: plain.id,
    })
    expect(asUser.error).not.toBeNull()
    const notAdmin = await serviceClient().rpc('record_admin_password_reset', {
      admin_user: plain.id,
      target_user: plain.id,
    })
    expect(notAdmin.error?.code).toBe('42501')
    const [row] = await sql<{ must: boolean }>(
      `select "must_change_password" as "must" from "public"."users" where "id" = $1`,
      [plain.id],
    )
    expect(row?.must).toBe(false)
  })
})

describe('admin_list_books', () => {
  const marker = `זיכרון${unique()}`
  const ownerEmail = `owner-${unique()}@example.test`
  let first: Awaited<ReturnType<typeof createBook>>
  beforeAll(async () => {
    first = await createBook({ fullName: `${marker} אחד`, ownerEmail, payment: 'paid' })
    await createBook({ fullName: `${marker} שניים`, ownerEmail: `other-${unique()}@example.test` })
    await createBook({ fullName: `${marker} 100%_שלושה` })
    await addMemory(first)
    await addMemory(first, {}, 1)
  })

  it('finds books by part of the deceased name, with counts and memory counts', async () => {
    const { data, error } = await admin.client.rpc('admin_list_books', { search: marker, page_size: 2 })
    expect(error).toBeNull()
    expect(data).toHaveLength(2)
    expect(data!.every((row) => row.total_count === 3)).toBe(true)
    const page2 = await admin.client.rpc('admin_list_books', { search: marker, page_size: 2, page_offset: 2 })
    expect(page2.data).toHaveLength(1)
    const all = [...data!, ...page2.data!]
    expect(all.find((row) => row.id === first.id)).toMatchObject({ memory_count: 2, owner_email: ownerEmail })
  })

  it('finds a book by its owner e-mail (any case), short id and uuid', async () => {
    for (const search of [ownerEmail.toUpperCase(), first.shortCode.toLowerCase(), first.id]) {
      const { data } = await admin.client.rpc('admin_list_books', { search })
      expect(
        data?.map((row) => row.id),
        search,
      ).toEqual([first.id])
    }
  })

  it('takes % and _ in the search literally', async () => {
    const { data } = await admin.client.rpc('admin_list_books', { search: `${marker} 100%_` })
    expect(data).toHaveLength(1)
    const none = await admin.client.rpc('admin_list_books', { search: `${marker}%אחד` })
    expect(none.data).toEqual([])
  })

  it('counts books, memories, users and admins', async () => {
    const { data } = await admin.client.rpc('admin_overview_counts').single()
    expect(data!.books).toBeGreaterThanOrEqual(3)
    expect(data!.memories).toBeGreaterThanOrEqual(2)
    expect(data!.admins).toBeGreaterThanOrEqual(1)
    expect(data!.users).toBeGreaterThan(data!.admins)
  })
})

describe('admin_search_users', () => {
  it('finds a user by part of the e-mail or name and reports must_change_password', async () => {
    const byEmail = await admin.client.rpc('admin_search_users', { search: plain.email.slice(0, 20) })
    expect(byEmail.data?.map((row) => row.email)).toContain(plain.email)
    const byName = await admin.client.rpc('admin_search_users', { search: plain.fullName })
    expect(byName.data?.find((row) => row.id === plain.id)).toMatchObject({ role: 'user', must_change_password: false })
  })
})

describe('admin_create_coupon', () => {
  const create = (args: Record<string, unknown>) =>
    admin.client.rpc('admin_create_coupon', {
      code: `C${unique()}`.slice(0, 30),
      discount_type: 'percent',
      value: 10,
      ...args,
    } as never)

  it.each([
    [{ discount_type: 'percent', value: 0 }, 'הנחה באחוזים חייבת להיות בין 1 ל-100'],
    [{ discount_type: 'percent', value: 101 }, 'הנחה באחוזים חייבת להיות בין 1 ל-100'],
    [{ discount_type: 'fixed', value: 0 }, 'סכום ההנחה חייב להיות גדול מאפס'],
    [{ discount_type: 'fixed', value: -5 }, 'סכום ההנחה חייב להיות גדול מאפס'],
    [{ discount_type: 'other' }, 'סוג ההנחה אינו תקין'],
    [{ code: 'א ב' }, 'קוד הקופון חייב להכיל 3 עד 40 אותיות באנגלית, ספרות, מקף או קו תחתון'],
    [{ max_uses: 0 }, 'מספר השימושים חייב להיות לפחות 1'],
    [{ target_plan: 'gold' }, 'חבילה לא תקינה'],
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'תאריך התפוגה חייב להיות בעתיד'],
  ])('refuses %j', async (args, message) => {
    const { data, error } = await create(args)
    expect(data).toBeNull()
    expect(error?.message).toBe(message)
  })

  it('upper-cases the code, refuses a second coupon with the same code, and the coupon is usable at once', async () => {
    const code = `new${unique()}`.slice(0, 20)
    const { data, error } = await create({ code: ` ${code} `, discount_type: 'fixed', value: 20, max_uses: null })
    expect(error).toBeNull()
    expect(data).toMatchObject({ code: code.toUpperCase(), discount_type: 'fixed', value: 20, max_uses: null })
    const again = await create({ code: code.toLowerCase() })
    expect(again.error?.message).toBe('קופון עם הקוד הזה כבר קיים')
    const check = await serviceClient().rpc('validate_coupon', { code, plan: 'basic' })
    expect(check.data).toMatchObject({ valid: true, code: code.toUpperCase() })
    const [log] = await sql<{ action: string }>(
      `select "action" from "public"."admin_logs" where "action" = 'ADMIN_CREATE_COUPON' and "details"->>'code' = $1`,
      [code.toUpperCase()],
    )
    expect(log?.action).toBe('ADMIN_CREATE_COUPON')
  })

  it('deletes a coupon once', async () => {
    const { data } = await create({})
    const deleted = await admin.client.rpc('admin_delete_coupon', { coupon: data!.id })
    expect(deleted.data).toBe(true)
    const twice = await admin.client.rpc('admin_delete_coupon', { coupon: data!.id })
    expect(twice.data).toBe(false)
  })
})

describe('admin_chat_analytics', () => {
  const prefix = `analytics${unique()}`.replace(/[^A-Za-z0-9]/g, '')
  afterAll(async () => {
    await sql(`delete from "public"."chat_sessions" where "session_id" like $1`, [`${prefix}%`])
  })

  it('averages the ratings to one decimal, gives the resolved rate in percent and the top 5 intents', async () => {
    // 50 sessions dated after every other one, so they are exactly the 50 latest.
    await sql(
      `insert into "public"."chat_sessions" ("session_id", "started_at", "message_count", "user_satisfaction", "resolved")
       select $1 || lpad(g::text, 3, '0'), now() + interval '1 day' + make_interval(secs => g),
              2, case when g <= 3 then (array[5, 4, 4])[g] end, g % 4 = 0
         from generate_series(1, 50) g`,
      [prefix],
    )
    const intents = ['pricing', 'pricing', 'pricing', 'gift', 'gift', 'technical', 'support', 'greeting', 'other']
    await sql(
      `insert into "public"."chat_messages" ("session_id", "message_text", "is_bot", "intent", "timestamp")
       select $1 || '050', 'שאלה ' || i, false, ($2::text[])[i], now() + make_interval(secs => i)
         from generate_series(1, cardinality($2::text[])) i`,
      [prefix, intents],
    )
    const { data, error } = await admin.client.rpc('admin_chat_analytics')
    expect(error).toBeNull()
    const analytics = data as {
      session_count: number
      average_satisfaction: number
      resolved_rate: number
      top_intents: { intent: string; count: number }[]
      recent_sessions: { session_id: string; messages: { message_text: string }[] }[]
    }
    expect(analytics.session_count).toBe(50)
    expect(analytics.average_satisfaction).toBe(4.3)
    expect(analytics.resolved_rate).toBe(24)
    expect(analytics.top_intents.map((row) => row.intent)).toEqual(['pricing', 'gift', 'greeting', 'other', 'support'])
    expect(analytics.top_intents[0]).toEqual({ intent: 'pricing', count: 3 })
    expect(analytics.recent_sessions).toHaveLength(10)
    expect(analytics.recent_sessions[0]!.session_id).toBe(`${prefix}050`)
    expect(analytics.recent_sessions[0]!.messages.map((m) => m.message_text)).toEqual(
      intents.map((_, i) => `שאלה ${i + 1}`),
    )
  })
})

describe('admin_security_logs', () => {
  it('logs a view at most once in 10 minutes, so the 30-second refresh does not fill the log', async () => {
    const viewer = await signedInUser({ platformAdmin: true })
    for (let i = 0; i < 3; i++) expect((await viewer.client.rpc('admin_security_logs')).error).toBeNull()
    const rows = await sql<{ n: number }>(
      `select count(*)::int as "n" from "public"."admin_logs" where "admin_email" = $1 and "action" = 'ADMIN_VIEW_SECURITY_LOG'`,
      [viewer.email],
    )
    expect(rows[0]?.n).toBe(1)
  })
})
