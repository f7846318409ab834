/**
 * The signed-in functions that run as their caller (SECURITY INVOKER) rely on narrow policies and
 * column grants: a request straight to the table through the Data API can do no more than the
 * function. Each test tries what the function would refuse and sees it refused (a permission
 * error, or no row touched).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  confirmAdmin,
  createBook,
  inviteAdmin,
  signedInUser,
  sql,
  type SignedInUser,
  type TestBook,
} from '../local/testing/index.ts'

let owner: SignedInUser
let familyAdmin: SignedInUser
let stranger: SignedInUser
let book: TestBook

beforeAll(async () => {
  ;[owner, familyAdmin, stranger] = await Promise.all([
    signedInUser({ label: 'rights-owner' }),
    signedInUser({ label: 'rights-admin' }),
    signedInUser({ label: 'rights-stranger' }),
  ])
  book = await createBook({ ownerEmail: owner.email })
  await confirmAdmin(book.id, familyAdmin.id)
})

async function invitationStatus(id: string): Promise<string | undefined> {
  const [row] = await sql<{ status: string }>(`select "status" from "public"."book_admins" where "id" = $1`, [id])
  return row?.status
}

describe('family admin invitations: a manager may only cancel an open one', () => {
  it('refuses to confirm, rename or re-token an invitation directly, even for the owner', async () => {
    const invitation = await inviteAdmin(book.id, 'rights@example.test')
    const confirm = await owner.client
      .from('book_admins')
      .update({ status: 'confirmed', user_id: stranger.id })
      .eq('id', invitation.id)
      .select()
    expect(confirm.error?.code).toBe('42501')
    const rename = await owner.client.from('book_admins').update({ admin_name: 'אחר' }).eq('id', invitation.id)
    expect(rename.error?.code).toBe('42501')
    const retoken = await owner.client
      .from('book_admins')
      .update({ token_hash: 'a'.repeat(64) })
      .eq('id', invitation.id)
    expect(retoken.error?.code).toBe('42501')
    expect(await invitationStatus(invitation.id)).toBe('invited')
  })

  it('refuses an update that leaves the invitation open, and any update by a family admin or stranger', async () => {
    const invitation = await inviteAdmin(book.id, 'rights2@example.test')
    const reopen = await owner.client
      .from('book_admins')
      .update({ status: 'invited', cancelled_at: new Date().toISOString() })
      .eq('id', invitation.id)
      .select()
    expect(reopen.error?.code).toBe('42501')
    for (const user of [familyAdmin, stranger]) {
      const cancel = await user.client
        .from('book_admins')
        .update({ status: 'cancelled', cancelled_at: new Date().toISOString() })
        .eq('id', invitation.id)
        .select()
      expect(cancel.error).toBeNull()
      expect(cancel.data).toEqual([])
    }
    expect(await invitationStatus(invitation.id)).toBe('invited')
  })

  it('lets the owner cancel it, as cancel_admin_invitation does, and not reopen a confirmed admin', async () => {
    const invitation = await inviteAdmin(book.id, 'rights3@example.test')
    expect((await owner.client.rpc('cancel_admin_invitation', { invitation_id: invitation.id })).error).toBeNull()
    expect(await invitationStatus(invitation.id)).toBe('cancelled')
    const [member] = await sql<{ id: string }>(
      `select "id" from "public"."book_admins" where "book_id" = $1 and "user_id" = $2`,
      [book.id, familyAdmin.id],
    )
    const cancelMember = await owner.client
      .from('book_admins')
      .update({ status: 'cancelled', cancelled_at: new Date().toISOString() })
      .eq('id', member!.id)
      .select()
    expect(cancelMember.data ?? []).toEqual([])
    expect(await invitationStatus(member!.id)).toBe('confirmed')
  })
})

describe('memory news choices: each manager their own row, never a token', () => {
  it("keeps a family admin from the owner's row and from any unsubscribe token", async () => {
    expect((await owner.client.rpc('set_memory_news', { book: book.id, frequency: 'daily' })).error).toBeNull()
    expect((await familyAdmin.client.rpc('set_memory_news', { book: book.id, frequency: 'batch' })).error).toBeNull()
    const own = await familyAdmin.client
      .from('memory_news_recipients')
      .select('user_id, frequency')
      .eq('book_id', book.id)
    expect(own.data).toEqual([{ user_id: familyAdmin.id, frequency: 'batch' }])
    const token = await owner.client.from('memory_news_recipients').select('unsubscribe_token').eq('book_id', book.id)
    expect(token.error?.code).toBe('42501')
  })

  it("refuses a family admin changing the owner's choice, and a stranger adding one", async () => {
    const change = await familyAdmin.client
      .from('memory_news_recipients')
      .update({ frequency: 'off' })
      .eq('book_id', book.id)
      .is('user_id', null)
      .select()
    expect(change.data ?? []).toEqual([])
    const add = await stranger.client
      .from('memory_news_recipients')
      .insert({ book_id: book.id, user_id: stranger.id, frequency: 'daily' })
    expect(add.error?.code).toBe('42501')
    const forOwner = await familyAdmin.client
      .from('memory_news_recipients')
      .insert({ book_id: book.id, user_id: null, frequency: 'daily' })
    expect(forOwner.error?.code).toBe('42501')
    const [ownerRow] = await sql<{ frequency: string }>(
      `select "frequency" from "public"."memory_news_recipients" where "book_id" = $1 and "user_id" is null`,
      [book.id],
    )
    expect(ownerRow!.frequency).toBe('daily')
  })

  it('refuses moving the start of the news into the future', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString()
    const move = await owner.client
      .from('memory_news_recipients')
      .update({ since: future })
      .eq('book_id', book.id)
      .is('user_id', null)
    expect(move.error?.code).toBe('42501')
  })
})

describe("candles: who lit them is the managers' to read, a visitor's hash nobody's", () => {
  beforeAll(async () => {
    await sql(
      `insert into "public"."candles" ("book_id", "visitor_hash", "lit_by") values ($1, repeat('a', 64), 'דינה')`,
      [book.id],
    )
  })

  it('shows the names to the owner and a family admin, nothing to a stranger', async () => {
    for (const user of [owner, familyAdmin]) {
      const { data } = await user.client.rpc('candles_lit_by', { book_ref: book.shortCode })
      expect(data).toEqual([expect.objectContaining({ lit_by: 'דינה' })])
    }
    expect((await stranger.client.rpc('candles_lit_by', { book_ref: book.shortCode })).data).toEqual([])
    expect((await stranger.client.from('candles').select('lit_by').eq('book_id', book.id)).data).toEqual([])
  })

  it("refuses anyone the visitor's hash", async () => {
    const hashes = await owner.client.from('candles').select('visitor_hash').eq('book_id', book.id)
    expect(hashes.error?.code).toBe('42501')
  })
})

describe('security reports: a user writes only their own, within the limit', () => {
  it('refuses a report in another name, with an admin address, a book, a chosen time or another kind', async () => {
    const report = { reported_by: 'user', user_id: stranger.id }
    const attempts: Array<{
      action: string
      target_user: string
      details: Record<string, string>
      admin_email?: string
      book_id?: string
    }> = [
      { action: 'SECURITY_SUSPICIOUS_X', target_user: owner.email, details: report },
      { action: 'SECURITY_SUSPICIOUS_X', target_user: stranger.email, details: { ...report, user_id: owner.id } },
      { action: 'SECURITY_SUSPICIOUS_X', target_user: stranger.email, details: report, admin_email: owner.email },
      { action: 'SECURITY_SUSPICIOUS_X', target_user: stranger.email, details: report, book_id: book.id },
      { action: 'ADMIN_DELETE_BOOK', target_user: stranger.email, details: report },
    ]
    for (const attempt of attempts) {
      const { error } = await stranger.client.from('admin_logs').insert(attempt)
      expect(error?.code).toBe('42501')
    }
    const dated = await stranger.client.from('admin_logs').insert({
      action: 'SECURITY_SUSPICIOUS_X',
      target_user: stranger.email,
      details: report,
      timestamp: '2020-01-01T00:00:00Z',
    })
    expect(dated.error?.code).toBe('42501')
  })

  it('stops a 21st report within the hour, through the function or straight to the table, and shows users no log', async () => {
    const reporter = await signedInUser({ label: 'rights-reporter' })
    for (let i = 0; i < 20; i++) {
      const { error } = await reporter.client.rpc('log_security_event', { action: 'SECURITY_SUSPICIOUS_TEST' })
      expect(error).toBeNull()
    }
    const direct = await reporter.client.from('admin_logs').insert({
      action: 'SECURITY_SUSPICIOUS_TEST',
      target_user: reporter.email,
      details: { reported_by: 'user', user_id: reporter.id },
    })
    expect(direct.error?.code).toBe('42501')
    expect((await reporter.client.rpc('log_security_event', { action: 'SECURITY_SUSPICIOUS_TEST' })).error).toBeNull()
    const [{ count }] = await sql<{ count: string }>(
      `select count(*)::text as "count" from "public"."admin_logs" where "details" ->> 'user_id' = $1`,
      [reporter.id],
    )
    expect(count).toBe('20')
    expect((await reporter.client.from('admin_logs').select('id')).data).toEqual([])
  })
})
