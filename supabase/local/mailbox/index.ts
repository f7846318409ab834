/**
 * The local mailbox on :54324: every e-mail the stack sends, as a web page and as Mailpit's JSON
 * API (/api/v1/messages, /api/v1/message/{ID}, /api/v1/search, /api/v1/send), CORS open.
 */
import path from 'node:path'
import type { StackConfig } from '../config.ts'
import { corsPreflight, listen, withCors } from '../http.ts'
import type { Mailer, StackServer } from '../types.ts'
import { handleApi } from './api.ts'
import { listPage, messageHtml, messagePage } from './page.ts'
import { MailStore, parseAddress } from './store.ts'

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } })
}

function handlePages(store: MailStore, url: URL): Response | undefined {
  if (url.pathname === '/') return html(listPage(store))
  const view = /^\/view\/([^/]+)\.(html|txt)$/.exec(url.pathname)
  const page = /^\/message\/([^/]+)$/.exec(url.pathname)
  const id = decodeURIComponent((view ?? page)?.[1] ?? '')
  const message = id ? store.get(id) : undefined
  if (!message) return undefined
  if (page) {
    store.setRead([message.ID], true)
    return html(messagePage(message))
  }
  if (view?.[2] === 'txt')
    return new Response(message.Text, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
  return html(messageHtml(message))
}

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
    if (url.pathname.startsWith('/api/')) {
      if (req.method === 'OPTIONS') return corsPreflight(req)
      try {
        const response = await handleApi(store, req, url)
        return withCors(req, response ?? new Response('not found', { status: 404 }))
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error
        return withCors(req, new Response(`invalid JSON body: ${error.message}`, { status: 400 }))
      }
    }
    return (req.method === 'GET' && handlePages(store, url)) || html('<h1>404</h1>', 404)
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
