/**
 * send-admin-notification (type new_user): platform admins get an e-mail about a new account, once,
 * with values they can trust; malformed requests are refused, and the answer never tells whether an account exists.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  anonClient,
  createUser,
  isFramed,
  mailsTo,
  readMail,
  sql,
  testEnv,
  uniqueEmail,
} from '../../../supabase/local/testing/index.ts'

async function newAdmin(): Promise<string> {
  const { email } = await createUser({ platformAdmin: true })
  const [row] = await sql<{ role: string }>(`select "role" from "public"."users" where "email" = $1`, [email])
  expect(row?.role).toBe('admin')
  return email
}

async function newUser(fullName: string): Promise<string> {
  return (await createUser({ label: 'new-user', fullName, confirmed: false })).email
}

function notify(data: Record<string, unknown>, type = 'new_user') {
  return anonClient().functions.invoke('send-admin-notification', { body: { type, data } })
}

async function statusOf(result: Awaited<ReturnType<typeof notify>>): Promise<number> {
  if (!result.error) return 200
  return (result.error as { context: Response }).context.status
}

describe('send-admin-notification', () => {
  let admin: string

  beforeAll(async () => {
    admin = await newAdmin()
  })

  it('e-mails the platform admins the new user’s name, e-mail, relationship and deceased name', async () => {
    const email = await newUser('דנה לוי')
    const result = await notify({ name: 'דנה לוי', email, relationship: 'parent', deceasedName: 'משה לוי' })
    expect(result.error).toBeNull()
    expect(result.data).toEqual({ accepted: true })

    const [mail] = (await mailsTo(admin)).filter((message) => message.Subject.includes('דנה לוי'))
    expect(mail).toBeDefined()
    const body = await readMail(mail!.ID)
    expect(body.Text).toContain(email)
    expect(body.Text).toContain('אבא או אמא')
    expect(body.Text).toContain('משה לוי')
    expect(body.HTML).toContain('dir="rtl"')
    expect(isFramed(body)).toBe(true)
  })

  it('takes the name from the account, not from the request, and escapes what it shows', async () => {
    const email = await newUser('יעל כהן')
    const before = (await mailsTo(admin)).length
    const result = await notify({ name: 'someone else', email, relationship: null, deceasedName: '<b>רות</b>' })
    expect(result.error).toBeNull()
    const messages = await mailsTo(admin)
    expect(messages.length).toBe(before + 1)
    const body = await readMail(messages[0]!.ID)
    expect(body.Subject).toContain('יעל כהן')
    expect(body.HTML).toContain('&lt;b&gt;רות&lt;/b&gt;')
    expect(body.HTML).not.toContain('<b>רות</b>')
  })

  it('announces an account only once', async () => {
    const email = await newUser('אורי')
    await notify({ name: 'אורי', email })
    const count = (await mailsTo(admin)).length
    const again = await notify({ name: 'אורי', email })
    expect(again.error).toBeNull()
    expect(again.data).toEqual({ accepted: true })
    expect((await mailsTo(admin)).length).toBe(count)
  })

  it('answers an address without a new account exactly like one with, and sends nothing', async () => {
    const count = (await mailsTo(admin)).length
    const result = await notify({ name: 'x', email: uniqueEmail('nobody') })
    expect(result.error).toBeNull()
    expect(result.data).toEqual({ accepted: true })
    expect((await mailsTo(admin)).length).toBe(count)
  })

  it.each([
    ['another type', { name: 'x', email: 'a@example.test' }, 'old_user'],
    ['a bad e-mail', { name: 'x', email: 'not-an-address' }, 'new_user'],
    ['an unknown relationship', { name: 'x', email: 'a@example.test', relationship: 'cousin' }, 'new_user'],
  ])('answers 400 to %s', async (_label, data, type) => {
    const result = await notify(data, type)
    expect(await statusOf(result)).toBe(400)
    const body = (await (result.error as { context: Response }).context.json()) as { error: string }
    expect(body.error).toMatch(/[\u0590-\u05FF]/)
  })

  it('is reached without a JWT (verify_jwt off) and tells such a caller nothing', async () => {
    const response = await fetch(`${testEnv.apiUrl}/functions/v1/send-admin-notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'new_user', data: { name: 'אף אחד', email: 'nobody@example.test' } }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ accepted: true })
  })
})
