/**
 * The auth service with `autoconfirm` on (Supabase's "Confirm email" OFF), driven in-process on
 * its own PGlite database, since the shared test stack runs with confirmations on.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadStackConfig } from '../config.ts'
import { openDatabase, type Database } from '../db.ts'
import type { MailMessage, Stack, StackService } from '../types.ts'
import { createAuthService } from './index.ts'
import { TEST_PASSWORD, uniqueEmail } from '../testing/index.ts'

let db: Database
let auth: StackService
let stack: Stack
const sent: MailMessage[] = []
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-autoconfirm-'))

beforeAll(async () => {
  const config = { ...loadStackConfig({ STACK_DATA_DIR: dataDir }), autoconfirm: true, quiet: true }
  db = await openDatabase({ dataDir })
  await db.exec(fs.readFileSync(path.join(import.meta.dirname, '..', 'bootstrap.sql'), 'utf8'))
  stack = {
    config,
    app: { emailSender: 'Stack <noreply@stack.test>', paymentsWebhookPath: '/functions/v1/webhook' },
    db,
    mailer: { send: async (message) => (sent.push(message), { id: String(sent.length) }) },
    urls: { api: 'http://127.0.0.1:1', mailbox: '', payments: '', site: config.siteUrl },
    log: () => undefined,
  }
  auth = createAuthService(stack)
}, 120_000)

afterAll(async () => {
  await db.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function call(method: string, subpath: string, body?: unknown) {
  const url = new URL(`http://127.0.0.1:1/auth/v1${subpath}`)
  const req = new Request(url, {
    method,
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const response = await auth.handle(req, { stack, url, subpath: url.pathname.slice('/auth/v1'.length) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('sign-up with autoconfirm', () => {
  it('returns a session straight away and sends no e-mail', async () => {
    const email = uniqueEmail('auto')
    const { status, body } = await call('POST', '/signup', {
      email,
      password: TEST_PASSWORD,
      data: { full_name: 'נועה' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(body.refresh_token).toEqual(expect.any(String))
    expect(body.user).toMatchObject({ email, user_metadata: { full_name: 'נועה' } })
    expect((body.user as { email_confirmed_at?: string }).email_confirmed_at).toBeTruthy()
    expect(sent).toHaveLength(0)
    const settings = await call('GET', '/settings')
    expect(settings.body.mailer_autoconfirm).toBe(true)
  })

  it('refuses a registered address with 422 user_already_exists', async () => {
    const email = uniqueEmail('auto-dup')
    await call('POST', '/signup', { email, password: TEST_PASSWORD })
    const { status, body } = await call('POST', '/signup', { email, password: TEST_PASSWORD })
    expect(status).toBe(422)
    expect(body).toMatchObject({ code: 'user_already_exists', message: 'User already registered' })
  })
})
