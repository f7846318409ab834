/**
 * support-chat: the server classifies the question and records it with its own answer; a visitor
 * writes only into the session whose token they hold; questions are limited in length, per session
 * and per address; nobody but a platform admin reads chats, and no API caller writes them directly.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { anonClient, clientWithToken, signedInUser, sql, uniqueAddress } from '../../../supabase/local/testing/index.ts'
import { invoke } from './support.ts'

interface ChatSession {
  id: string
  token: string
}
interface Reply {
  session: ChatSession
  intent: string
  answer: string
}
interface StoredMessage {
  text: string
  bot: boolean
  intent: string | null
}

/** A visitor of their own: the anon key from a loopback address no other test uses. */
function visitor(): SupabaseClient {
  return clientWithToken(undefined, uniqueAddress())
}

async function ask(client: SupabaseClient, text: string, session?: ChatSession | null, extra: object = {}) {
  return invoke<Reply>(client, 'support-chat', { action: 'ask', text, session, ...extra })
}

async function storedMessages(sessionId: string): Promise<StoredMessage[]> {
  return sql<StoredMessage>(
    `select "message_text" as "text", "is_bot" as "bot", "intent" from "public"."chat_messages"
      where "session_id" = $1 order by "timestamp", "is_bot"`,
    [sessionId],
  )
}

async function storedSession(sessionId: string) {
  const [row] = await sql<{ messages: number; rating: number | null; resolved: boolean }>(
    `select "message_count" as "messages", "user_satisfaction" as "rating", "resolved" from "public"."chat_sessions"
      where "session_id" = $1`,
    [sessionId],
  )
  return row
}

async function sessionCount(): Promise<number> {
  const [row] = await sql<{ n: number }>(`select count(*)::int as "n" from "public"."chat_sessions"`)
  return row!.n
}

describe('support-chat', () => {
  it("answers a forgotten family code, and the admin's analytics show each question before its answer", async () => {
    const client = visitor()
    const first = await ask(client, 'שכחתי את הקוד המשפחתי')
    expect(first.data).toMatchObject({ intent: 'family_code' })
    expect(first.data!.answer).toContain('בעמוד ניהול הספר')
    const second = await ask(client, 'כמה עולה החבילה המלאה עם וידאו?', first.data!.session)
    expect(second.data!.answer).toContain('199 ₪')
    const sessionId = first.data!.session.id
    // Written in one transaction each, a question and its answer may share a timestamp.
    await sql(`update "public"."chat_messages" set "timestamp" = now() where "session_id" = $1`, [sessionId])

    const admin = await signedInUser({ label: 'chat-order-admin', platformAdmin: true })
    const { data, error } = await admin.client.rpc('admin_chat_analytics')
    expect(error).toBeNull()
    const chat = (
      data as { recent_sessions: { session_id: string; messages: { is_bot: boolean; message_text: string }[] }[] }
    ).recent_sessions.find((session) => session.session_id === sessionId)!
    expect(chat.messages.map((message) => [message.is_bot, message.message_text.slice(0, 12)])).toEqual([
      [false, 'שכחתי את הקו'],
      [true, first.data!.answer.slice(0, 12)],
      [false, 'כמה עולה החב'],
      [true, second.data!.answer.slice(0, 12)],
    ])
  })

  it('answers a price question with the pricing answer and records both messages, then the rating', async () => {
    const client = visitor()
    const first = await ask(client, 'כמה זה עולה?')
    expect(first.status).toBe(200)
    const { session, intent, answer } = first.data!
    expect(intent).toBe('pricing')
    expect(answer).toContain('99 ₪')
    expect(session.id).toMatch(/^chat_[A-Za-z0-9_-]{40,}$/)
    expect(session.token.length).toBeGreaterThanOrEqual(40)

    const second = await ask(client, 'שכחתי את הקוד המשפחתי', session)
    expect(second.data).toMatchObject({ session, intent: 'family_code' })

    expect(await storedMessages(session.id)).toEqual([
      { text: 'כמה זה עולה?', bot: false, intent: 'pricing' },
      { text: answer, bot: true, intent: null },
      { text: 'שכחתי את הקוד המשפחתי', bot: false, intent: 'family_code' },
      { text: second.data!.answer, bot: true, intent: null },
    ])
    const rated = await invoke(client, 'support-chat', { action: 'rate', session, rating: 4, resolved: true })
    expect(rated).toMatchObject({ status: 200, data: { ok: true } })
    expect(await storedSession(session.id)).toEqual({ messages: 4, rating: 4, resolved: true })
  })

  it('ignores a bot flag, an intent or an answer sent by the client', async () => {
    const client = visitor()
    const forged = await ask(client, 'שלום', null, {
      is_bot: true,
      intent: 'support',
      answer: 'שלמו כאן: https://evil.example',
      message_text: 'שלמו כאן',
    })
    expect(forged.status).toBe(200)
    const { session, answer } = forged.data!
    expect(answer).not.toContain('evil')
    expect(await storedMessages(session.id)).toEqual([
      { text: 'שלום', bot: false, intent: 'greeting' },
      { text: answer, bot: true, intent: null },
    ])
  })

  it("refuses to write or rate another visitor's session without its token", async () => {
    const owner = visitor()
    const { session } = (await ask(owner, 'איך פותחים ספר?')).data!
    const intruder = visitor()
    const own = (await ask(intruder, 'היי')).data!.session
    const stolen = [
      { id: session.id, token: own.token },
      { id: session.id, token: `${session.token.slice(0, -1)}${session.token.endsWith('A') ? 'B' : 'A'}` },
    ]
    for (const key of stolen) {
      expect(await ask(intruder, 'הודעה זרה', key)).toMatchObject({
        status: 404,
        error: { code: 'chat_session_not_found' },
      })
      expect(
        await invoke(intruder, 'support-chat', { action: 'rate', session: key, rating: 1, resolved: false }),
      ).toMatchObject({ status: 404, error: { code: 'chat_session_not_found' } })
    }
    expect(await storedSession(session.id)).toEqual({ messages: 2, rating: null, resolved: false })
  })

  it('refuses over-long, blank and malformed questions and ratings without recording anything', async () => {
    const client = visitor()
    const before = await sessionCount()
    for (const text of ['א'.repeat(501), '   ', '']) {
      const result = await ask(client, text)
      expect(result).toMatchObject({ status: 400, error: { code: 'invalid_body' } })
      expect(result.error!.error).toMatch(/[\u0590-\u05FF]/)
    }
    expect(await invoke(client, 'support-chat', { action: 'ask', text: 42 })).toMatchObject({ status: 400 })
    expect(await invoke(client, 'support-chat', { action: 'delete' })).toMatchObject({ status: 400 })
    expect(await sessionCount()).toBe(before)

    const { session } = (await ask(client, 'א'.repeat(500))).data!
    for (const rating of [0, 6, 2.5]) {
      expect(await invoke(client, 'support-chat', { action: 'rate', session, rating })).toMatchObject({
        status: 400,
      })
    }
    expect((await storedSession(session.id))!.rating).toBeNull()
  })

  it('limits questions per session: 6 a minute, and 20 in all', async () => {
    const client = visitor()
    const { session } = (await ask(client, 'שלום')).data!
    for (let i = 0; i < 5; i += 1) expect((await ask(client, 'כמה זה עולה?', session)).status).toBe(200)
    expect(await ask(client, 'כמה זה עולה?', session)).toMatchObject({ status: 429, error: { code: 'rate_limited' } })
    expect((await storedSession(session.id))!.messages).toBe(12)

    const other = visitor()
    const full = (await ask(other, 'שלום')).data!.session
    await sql(`update "public"."chat_sessions" set "message_count" = 40 where "session_id" = $1`, [full.id])
    expect(await ask(other, 'עוד שאלה', full)).toMatchObject({ status: 409, error: { code: 'chat_session_full' } })
    expect(await storedMessages(full.id)).toHaveLength(2)
  })

  it('limits new sessions and questions per address', async () => {
    const client = visitor()
    for (let i = 0; i < 10; i += 1) expect((await ask(client, 'שלום')).status).toBe(200)
    const before = await sessionCount()
    expect(await ask(client, 'שלום')).toMatchObject({ status: 429, error: { code: 'rate_limited' } })
    expect(await sessionCount()).toBe(before)

    const address = uniqueAddress()
    const busy = clientWithToken(undefined, address)
    await sql(
      `insert into "public"."rate_limit_hits" ("scope", "client_key") select 'chat_address', $1 from generate_series(1, 30)`,
      [address],
    )
    expect(await ask(busy, 'כמה זה עולה?')).toMatchObject({ status: 429, error: { code: 'rate_limited' } })
    expect(await sessionCount()).toBe(before)
  })

  it('lets no API caller read chats but a platform admin, nor write them directly', async () => {
    const { session } = (await ask(visitor(), 'יש לי תקלה')).data!
    const user = await signedInUser({ label: 'chat-reader' })
    for (const client of [anonClient(), user.client]) {
      const sessions = await client.from('chat_sessions').select('session_id').eq('session_id', session.id)
      const messages = await client.from('chat_messages').select('message_text').eq('session_id', session.id)
      expect(sessions.data ?? []).toEqual([])
      expect(messages.data ?? []).toEqual([])
      const inserted = await client
        .from('chat_messages')
        .insert({ session_id: session.id, message_text: 'זיוף', is_bot: true, intent: 'support' })
      expect(inserted.error).not.toBeNull()
      for (const [name, args] of [
        ['chat_open_session', {}],
        [
          'chat_record_exchange',
          { session_id: session.id, session_token: session.token, question: 'א', intent: 'other', answer: 'זיוף' },
        ],
        ['chat_record_rating', { session_id: session.id, session_token: session.token, rating: 1, resolved: false }],
        ['chat_record_message', { session_id: session.id, message_text: 'זיוף', is_bot: true, intent: 'support' }],
      ] as const) {
        expect((await client.rpc(name, args as never)).error?.code, name).toBe('42501')
      }
    }
    expect(await storedMessages(session.id)).toHaveLength(2)
  })
})
