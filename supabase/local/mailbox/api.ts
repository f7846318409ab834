/** Mailpit's JSON API (/api/v1/…), the subset the tests and the edge functions use. */
import { json } from '../http.ts'
import { createRouter, type RouteParams } from '../router.ts'
import { searchMessages } from './search.ts'
import { snippetOf, type MailAddress, type MailStore, type StoredMessage } from './store.ts'

function summary(message: StoredMessage) {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.Read,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Created: message.Created,
    Tags: message.Tags,
    Size: message.Size,
    Attachments: 0,
    Snippet: snippetOf(message),
  }
}

function detail(message: StoredMessage) {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    ReturnPath: message.From.Address,
    Subject: message.Subject,
    Date: message.Created,
    Tags: message.Tags,
    Text: message.Text,
    HTML: message.HTML,
    Size: message.Size,
    Inline: [],
    Attachments: [],
  }
}

function page(store: MailStore, matching: StoredMessage[], url: URL) {
  const start = Math.max(0, Number.parseInt(url.searchParams.get('start') ?? '0', 10) || 0)
  const limit = Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '50', 10) || 50)
  const messages = matching.slice(start, start + limit).map(summary)
  const all = store.all()
  return {
    total: all.length,
    unread: all.filter((message) => !message.Read).length,
    count: messages.length,
    messages_count: matching.length,
    start,
    tags: [...new Set(all.flatMap((message) => message.Tags))],
    messages,
  }
}

async function idsFromBody(req: Request): Promise<{ IDs?: string[]; Read?: boolean }> {
  const text = await req.text()
  if (!text.trim()) return {}
  const body = JSON.parse(text) as { IDs?: unknown; Read?: unknown }
  return {
    IDs: Array.isArray(body.IDs) && body.IDs.length ? body.IDs.map(String) : undefined,
    Read: typeof body.Read === 'boolean' ? body.Read : undefined,
  }
}

const ok = () => new Response('ok', { headers: { 'content-type': 'text/plain; charset=utf-8' } })
const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { 'content-type': 'text/plain' } })

interface SendAddress {
  Email?: unknown
  Name?: unknown
}

function toAddress(value: SendAddress | undefined): MailAddress | undefined {
  if (!value || typeof value.Email !== 'string' || !value.Email) return undefined
  return { Name: typeof value.Name === 'string' ? value.Name : '', Address: value.Email }
}

function toAddresses(value: unknown): MailAddress[] {
  return Array.isArray(value)
    ? value.map((item) => toAddress(item as SendAddress)).filter((a): a is MailAddress => !!a)
    : []
}

/** POST /api/v1/send: Mailpit's HTTP send API ({From:{Email,Name}, To:[…], Subject, HTML, Text}). */
async function send(store: MailStore, req: Request): Promise<Response> {
  let body: Record<string, unknown>
  try {
    body = (await req.json()) as Record<string, unknown>
  } catch {
    return badRequest('invalid JSON body')
  }
  const from = toAddress(body.From as SendAddress | undefined)
  const to = toAddresses(body.To)
  if (!from) return badRequest('From.Email is required')
  if (to.length === 0) return badRequest('at least one To address is required')
  const html = typeof body.HTML === 'string' ? body.HTML : ''
  const text = typeof body.Text === 'string' ? body.Text : undefined
  if (!html && !text) return badRequest('HTML or Text is required')
  const message = store.add({
    from,
    to,
    cc: toAddresses(body.Cc),
    bcc: toAddresses(body.Bcc),
    replyTo: toAddresses(body.ReplyTo),
    subject: typeof body.Subject === 'string' ? body.Subject : '',
    html,
    text,
    tags: Array.isArray(body.Tags) ? body.Tags.map(String) : [],
  })
  return json({ ID: message.ID })
}

type Endpoint = (store: MailStore, req: Request, url: URL, params: RouteParams) => Response | Promise<Response>

async function markMessages(store: MailStore, req: Request): Promise<Response> {
  const { IDs, Read } = await idsFromBody(req)
  if (req.method === 'DELETE') store.delete(IDs)
  else store.setRead(IDs, Read ?? true)
  return ok()
}

const route = createRouter<Endpoint>([
  [
    '/api/v1/message/:id',
    {
      GET: (store, _req, _url, { id }) => {
        const message = store.get(decodeURIComponent(id!))
        if (!message) return new Response('message not found', { status: 404 })
        store.setRead([message.ID], true)
        return json(detail(message))
      },
    },
  ],
  [
    '/api/v1/messages',
    {
      GET: (store, _req, url) => json(page(store, store.all(), url)),
      DELETE: markMessages,
      PUT: markMessages,
    },
  ],
  [
    '/api/v1/search',
    {
      GET: (store, _req, url) =>
        json(page(store, searchMessages(store.all(), url.searchParams.get('query') ?? ''), url)),
      DELETE: (store, _req, url) => {
        store.delete(searchMessages(store.all(), url.searchParams.get('query') ?? '').map((message) => message.ID))
        return ok()
      },
    },
  ],
  ['/api/v1/send', { POST: (store, req) => send(store, req) }],
  [
    '/api/v1/info',
    {
      GET: (store) =>
        json({ Version: 'local', Messages: store.all().length, Unread: store.all().filter((m) => !m.Read).length }),
    },
  ],
])

/** The API's answer, or undefined for a path or method it does not have. */
export async function handleApi(store: MailStore, req: Request, url: URL): Promise<Response | undefined> {
  const match = route(req.method, url.pathname)
  return match.kind === 'handler' ? match.handler(store, req, url, match.params) : undefined
}
