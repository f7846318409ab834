import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testEnv } from '../testing/clients.ts'

const api = `${testEnv.mailboxUrl}/api/v1`

async function send(overrides: Record<string, unknown> = {}): Promise<{ id: string; to: string; subject: string }> {
  const to = `mailbox-${randomUUID().slice(0, 8)}@example.test`
  const subject = `הודעת בדיקה ${randomUUID().slice(0, 6)}`
  const response = await fetch(`${api}/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      From: { Email: 'noreply@zochrim.co.il', Name: 'זוכרים' },
      To: [{ Email: to, Name: 'נמען' }],
      Subject: subject,
      HTML: '<p dir="rtl">שלום <a href="https://example.test/x?a=1&amp;b=2">קישור</a></p>',
      ...overrides,
    }),
  })
  expect(response.status).toBe(200)
  const { ID } = (await response.json()) as { ID: string }
  return { id: ID, to, subject }
}

interface Summary {
  ID: string
  Subject: string
  Read: boolean
  From: { Name: string; Address: string }
  To: { Name: string; Address: string }[]
  Snippet: string
  Created: string
  Size: number
  Attachments: number
  MessageID: string
}

describe('mailbox: Mailpit API', () => {
  it('stores a message sent through /api/v1/send and lists it newest first with Mailpit fields', async () => {
    const first = await send()
    const second = await send()
    const response = await fetch(`${api}/messages`)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await response.json()) as {
      total: number
      unread: number
      count: number
      messages_count: number
      start: number
      tags: string[]
      messages: Summary[]
    }
    expect(body.total).toBeGreaterThanOrEqual(2)
    expect(body.start).toBe(0)
    expect(body.tags).toEqual(expect.any(Array))
    const ids = body.messages.map((message) => message.ID)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    const listed = body.messages.find((message) => message.ID === first.id)!
    expect(listed).toMatchObject({
      Subject: first.subject,
      Read: false,
      From: { Name: 'זוכרים', Address: 'noreply@zochrim.co.il' },
      To: [{ Name: 'נמען', Address: first.to }],
      Attachments: 0,
    })
    expect(listed.Snippet).toContain('שלום')
    expect(Date.parse(listed.Created)).not.toBeNaN()
    expect(listed.Size).toBeGreaterThan(0)
  })

  it('returns one message with its HTML and a derived text, and marks it read', async () => {
    const { id, subject } = await send()
    const response = await fetch(`${api}/message/${id}`)
    const message = (await response.json()) as { ID: string; Subject: string; HTML: string; Text: string; Date: string }
    expect(message.Subject).toBe(subject)
    expect(message.HTML).toContain('dir="rtl"')
    expect(message.Text).toContain('קישור (https://example.test/x?a=1&b=2)')
    const search = (await (await fetch(`${api}/search?query=${encodeURIComponent('is:read')}`)).json()) as {
      messages: Summary[]
    }
    expect(search.messages.map((m) => m.ID)).toContain(id)
    expect((await fetch(`${api}/message/no-such-id`)).status).toBe(404)
  })

  it('searches by recipient and by free text', async () => {
    const target = await send()
    await send()
    const byTo = (await (await fetch(`${api}/search?query=${encodeURIComponent(`to:${target.to}`)}`)).json()) as {
      messages_count: number
      messages: Summary[]
    }
    expect(byTo.messages_count).toBe(1)
    expect(byTo.messages[0]?.ID).toBe(target.id)
    const byText = (await (await fetch(`${api}/search?query=${encodeURIComponent(`"${target.subject}"`)}`)).json()) as {
      messages: Summary[]
    }
    expect(byText.messages.map((m) => m.ID)).toEqual([target.id])
  })

  it('deletes chosen messages by ID', async () => {
    const doomed = await send()
    const kept = await send()
    const response = await fetch(`${api}/messages`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ IDs: [doomed.id] }),
    })
    expect(response.status).toBe(200)
    expect((await fetch(`${api}/message/${doomed.id}`)).status).toBe(404)
    expect((await fetch(`${api}/message/${kept.id}`)).status).toBe(200)
  })

  it('refuses a send without a recipient', async () => {
    const response = await fetch(`${api}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ From: { Email: 'a@b.test' }, To: [], Subject: 'x', Text: 'x' }),
    })
    expect(response.status).toBe(400)
  })

  it('answers CORS preflight on the API', async () => {
    const response = await fetch(`${api}/send`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:54321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
  })
})

describe('mailbox: pages', () => {
  it('lists messages on / and shows one message with its HTML in a sandboxed frame', async () => {
    const { id, subject } = await send()
    const list = await (await fetch(`${testEnv.mailboxUrl}/`)).text()
    expect(list).toContain(subject)
    expect(list).toContain('dir="rtl"')
    const page = await (await fetch(`${testEnv.mailboxUrl}/message/${id}`)).text()
    expect(page).toMatch(/<iframe[^>]+sandbox="[^"]*"[^>]+src="\/view\/[^"]+\.html"/)
    const view = await fetch(`${testEnv.mailboxUrl}/view/${id}.html`)
    expect(view.headers.get('content-type')).toContain('text/html')
    expect(await view.text()).toContain('<base target="_blank">')
  })
})
