/**
 * The local mailbox on :54324: every e-mail the stack sends, as a web page and as Mailpit's JSON
 * API (/api/v1/messages, /api/v1/message/{ID}, /api/v1/search, /api/v1/send), CORS open.
 */
import path from 'node:path'
import type { StackConfig } from '../config.ts'
import { corsPreflight, listen, withCors } from '../http.ts'
import { createRouter, type RouteParams } from '../router.ts'
import type { Mailer, StackServer } from '../types.ts'
import { handleApi } from './api.ts'
import { listPage, messageHtml, messagePage } from './page.ts'
import { MailStore, parseAddress } from './store.ts'

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } })
}

type Handler = (store: MailStore, req: Request, url: URL, params: RouteParams) => Promise<Response | undefined>

/** Mailpit's JSON API, open to any origin. */
async function serveApi(store: MailStore, req: Request, url: URL): Promise<Response> {
  if (req.method === 'OPTIONS') return corsPreflight(req)
  try {
    const response = await handleApi(store, req, url)
    return withCors(req, response ?? new Response('not found', { status: 404 }))
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    return withCors(req, new Response(`invalid JSON body: ${error.message}`, { status: 400 }))
  }
}

async function viewMessage(store: MailStore, _req: Request, _url: URL, { file }: RouteParams) {
  const view = /^(.+)\.(html|txt)$/.exec(file!)
  const message = view ? store.get(decodeURIComponent(view[1]!)) : undefined
  if (!message) return undefined
  if (view![2] === 'txt')
    return new Response(message.Text, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
  return html(messageHtml(message))
}

async function showMessage(store: MailStore, _req: Request, _url: URL, { id }: RouteParams) {
  const message = store.get(decodeURIComponent(id!))
  if (!message) return undefined
  store.setRead([message.ID], true)
  return html(messagePage(message))
}

const route = createRouter<Handler>([
  ['/api/*path', { '*': serveApi }],
  ['/', { GET: async (store) => html(listPage(store)) }],
  ['/view/:file', { GET: viewMessage }],
  ['/message/:id', { GET: showMessage }],
])

export function createMailbox(config: StackConfig): {
  mailer: Mailer
  store: MailStore
  start(): Promise<StackServer>
} {
  const store = new MailStore(path.join(config.dataDir, 'mailbox.json'))
  const mailer: Mailer = {
    async send(message) {
      const stored = store.add({
        from: parseAddress(message.from),
        to: message.to.map(parseAddress),
        subject: message.subject,
        html: message.html,
        text: message.text,
      })
      return { id: stored.ID }
    },
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url)
    const match = route(req.method, url.pathname)
    const response = match.kind === 'handler' ? await match.handler(store, req, url, match.params) : undefined
    return response ?? html('<h1>404</h1>', 404)
  }

  return {
    mailer,
    store,
    async start() {
      const server = await listen(config.host, config.mailboxPort, handle)
      return { name: 'mailbox', url: server.url, stop: () => server.close() }
    },
  }
}
