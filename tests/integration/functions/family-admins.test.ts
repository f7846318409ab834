/**
 * Family admins and ownership transfers end to end against the stack: join-as-admin with every
 * refusal (each writes nothing), by the invitation's token alone (a renewed family code keeps it
 * valid), the link's state before any sign-up, a renewed link, what a family admin may not do,
 * a removed admin losing access at once, and the ownership-transfer function's invite, register
 * and decide steps with their refusals and e-mails, and a transfer bound to the invited account,
 * not to whoever holds the invited address later.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  createBook,
  inviteAdmin,
  inviteTransfer,
  isFramed,
  mailsTo,
  serviceClient,
  signedInUser,
  type SignedInUser,
  sql,
  type TestBook,
  uniqueEmail,
  waitForMail,
} from '../../../supabase/local/testing/index.ts'
import { invoke } from './support.ts'

interface Invitation {
  id: string
  token: string
  expires_at: string
  short_code: string
  family_code: string
}

async function ownerWithPrivateBook(): Promise<{ owner: SignedInUser; book: TestBook }> {
  const owner = await signedInUser({ label: 'admin-owner' })
  const book = await createBook({ ownerEmail: owner.email, isPublic: false, plan: 'pro' })
  return { owner, book }
}

async function createInvitation(owner: SignedInUser, book: TestBook): Promise<Invitation> {
  const { data, error } = await owner.client.rpc('create_admin_invitation', {
    book: book.id,
    admin_name: 'שרה כהן',
    contact: 'sara@example.test',
  })
  expect(error).toBeNull()
  return data as unknown as Invitation
}

function join(user: SignedInUser, token: string, book: TestBook) {
  return invoke<{ book_id: string; short_code: string; message: string }>(user.client, 'join-as-admin', {
    token,
    book_ref: book.shortCode,
  })
}

async function adminRows(bookId: string): Promise<{ status: string; user_id: string | null }[]> {
  return sql(`select "status", "user_id" from "public"."book_admins" where "book_id" = $1 order by "created_at"`, [
    bookId,
  ])
}

async function isAdmin(user: SignedInUser, book: TestBook): Promise<boolean> {
  return (await user.client.rpc('is_book_family_admin', { book: book.id })).data === true
}

describe('join-as-admin', () => {
  it('makes the caller a confirmed admin who reads the private book without a code, and tells the owner', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const invitation = await createInvitation(owner, book)
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(invitation.family_code).toBe(book.familyCode)
    const stored = await sql<{ token_hash: string }>(
      `select "token_hash" from "public"."book_admins" where "id" = $1`,
      [invitation.id],
    )
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(
      JSON.stringify(await sql(`select * from "public"."book_admins" where "book_id" = $1`, [book.id])),
    ).not.toContain(invitation.token)

    const member = await signedInUser({ label: 'new-admin', fullName: 'שרה כהן' })
    const outsider = await member.client.rpc('get_book_memories', { book_ref: book.shortCode })
    expect(outsider.error?.code).toBe('42501')

    const joined = await join(member, invitation.token, book)
    expect(joined.status).toBe(200)
    expect(joined.data).toMatchObject({ book_id: book.id, short_code: book.shortCode })
    expect(await isAdmin(member, book)).toBe(true)
    const memories = await member.client.rpc('get_book_memories', { book_ref: book.shortCode })
    expect(memories.error).toBeNull()
    const added = await member.client.rpc('add_memory', {
      book_ref: book.shortCode,
      full_name: 'שרה',
      text1: 'זיכרון מהמנהלת',
    })
    expect(added.data).toMatchObject({ ok: true, source: 'family' })

    const mail = await waitForMail(owner.email, { subject: 'מצטרפים חדשים לניהול' })
    expect(mail.Text).toContain(member.email)
    expect(isFramed(mail)).toBe(true)

    const listed = await owner.client.rpc('list_book_admins', { book: book.id })
    expect(listed.data).toEqual([
      expect.objectContaining({ email: member.email, state: 'confirmed', admin_name: 'שרה כהן' }),
    ])
  })

  it('refuses a missing session, unknown, used, expired and cancelled links, the owner and a second join, writing nothing', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const member = await signedInUser({ label: 'refused-admin' })
    const open = await createInvitation(owner, book)

    const anonymous = await invoke(anonClient(), 'join-as-admin', { token: open.token, book_ref: book.shortCode })
    expect(anonymous.status).toBe(401)

    const unknown = await join(member, 'x'.repeat(43), book)
    expect(unknown).toMatchObject({ status: 404, error: { code: 'invitation_not_found' } })

    const otherBook = await createBook({ ownerEmail: owner.email })
    const elsewhere = await join(member, open.token, otherBook)
    expect(elsewhere).toMatchObject({ status: 404, error: { code: 'invitation_not_found' } })

    const expired = await inviteAdmin(book.id, 'late@example.test', { expiresAt: new Date(Date.now() - 60_000) })
    expect(await join(member, expired.token, book)).toMatchObject({
      status: 410,
      error: { code: 'invitation_expired' },
    })

    const cancelled = await createInvitation(owner, book)
    expect((await owner.client.rpc('cancel_admin_invitation', { invitation_id: cancelled.id })).error).toBeNull()
    expect(await join(member, cancelled.token, book)).toMatchObject({
      status: 410,
      error: { code: 'invitation_cancelled', error: 'ההזמנה בוטלה על ידי בעל הספר' },
    })

    expect(await join(owner, open.token, book)).toMatchObject({ status: 409, error: { code: 'owner_cannot_join' } })

    expect(await isAdmin(member, book)).toBe(false)
    expect((await adminRows(book.id)).filter((row) => row.status === 'confirmed')).toEqual([])

    expect((await join(member, open.token, book)).status).toBe(200)
    const used = await join(await signedInUser({ label: 'second-user' }), open.token, book)
    expect(used).toMatchObject({ status: 409, error: { code: 'invitation_used' } })

    const another = await createInvitation(owner, book)
    expect(await join(member, another.token, book)).toMatchObject({ status: 409, error: { code: 'already_admin' } })
    const statuses = await sql<{ status: string }>(`select "status" from "public"."book_admins" where "id" = $1`, [
      another.id,
    ])
    expect(statuses[0]!.status).toBe('invited')
    expect((await adminRows(book.id)).filter((row) => row.status === 'confirmed')).toHaveLength(1)
  })

  it('keeps an open invitation valid after the owner renews the family code, and ignores a code an old link sends', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const invitation = await createInvitation(owner, book)
    const renewed = await owner.client.rpc('generate_family_code', { book: book.id })
    expect(renewed.error).toBeNull()
    const member = await signedInUser({ label: 'after-new-code' })
    const joined = await invoke(member.client, 'join-as-admin', {
      token: invitation.token,
      book_ref: book.shortCode,
      family_code: book.familyCode,
    })
    expect(joined.status).toBe(200)
    expect(await isAdmin(member, book)).toBe(true)
  })

  it("tells anyone holding a link its invitation's state before any sign-up, and nothing else", async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const status = async (token: string, bookRef = book.shortCode) =>
      (
        await invoke<{ status: string; message: string }>(anonClient(), 'join-as-admin', {
          token,
          book_ref: bookRef,
          status_only: true,
        })
      ).data!
    const open = await createInvitation(owner, book)
    expect(await status(open.token)).toEqual({ status: 'open', message: 'ההזמנה בתוקף' })
    expect(await status(open.token, book.id)).toMatchObject({ status: 'open' })
    const direct = await anonClient().rpc(
      'admin_invitation_status' as never,
      { token: open.token, book_ref: book.shortCode } as never,
    )
    expect(direct.error).not.toBeNull()
    expect(await status('x'.repeat(43))).toMatchObject({ status: 'invitation_not_found' })
    expect(await status(open.token, (await createBook()).shortCode)).toMatchObject({ status: 'invitation_not_found' })

    const cancelled = await createInvitation(owner, book)
    await owner.client.rpc('cancel_admin_invitation', { invitation_id: cancelled.id })
    expect(await status(cancelled.token)).toEqual({
      status: 'invitation_cancelled',
      message: 'ההזמנה בוטלה על ידי בעל הספר',
    })
    const expired = await inviteAdmin(book.id, 'late@example.test', { expiresAt: new Date(Date.now() - 60_000) })
    expect(await status(expired.token)).toMatchObject({ status: 'invitation_expired' })
    await join(await signedInUser({ label: 'status-joiner' }), open.token, book)
    expect(await status(open.token)).toMatchObject({ status: 'invitation_used' })
  })

  it('gives the owner a fresh link for an open or expired invitation at any time; the old link stops working', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const first = await createInvitation(owner, book)
    const renew = (user: SignedInUser, id: string) =>
      user.client.rpc('renew_admin_invitation_link', { invitation_id: id }) as unknown as Promise<{
        data: { id: string; token: string; admin_name: string; short_code: string } | null
        error: { code: string } | null
      }>
    const stranger = await signedInUser({ label: 'renew-stranger' })
    expect((await renew(stranger, first.id)).error?.code).toBe('42501')

    const fresh = await renew(owner, first.id)
    expect(fresh.data).toMatchObject({ id: first.id, admin_name: 'שרה כהן', short_code: book.shortCode })
    expect(fresh.data!.token).not.toBe(first.token)
    const member = await signedInUser({ label: 'renewed-admin' })
    expect(await join(member, first.token, book)).toMatchObject({ status: 404 })
    expect((await join(member, fresh.data!.token, book)).status).toBe(200)
    expect((await renew(owner, first.id)).error).toMatchObject({ code: 'P0001' })

    const expired = await inviteAdmin(book.id, 'late@example.test', { expiresAt: new Date(Date.now() - 60_000) })
    const revived = await renew(owner, expired.id)
    expect(revived.error).toBeNull()
    const late = await signedInUser({ label: 'revived-admin' })
    expect((await join(late, revived.data!.token, book)).status).toBe(200)
  })
})

describe('what a family admin may not do', () => {
  it('cannot change owner-only fields, invite others, list admins, transfer or delete the book', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const member = await signedInUser({ label: 'limited-admin' })
    expect((await join(member, (await createInvitation(owner, book)).token, book)).status).toBe(200)

    for (const change of [{ is_public: true }, { full_name: 'שם אחר' }, { family_access_code: '9999' }]) {
      await member.client.from('memory_books').update(change).eq('id', book.id)
    }
    const [row] = await sql<{ is_public: boolean; full_name: string; family_access_code: string }>(
      `select "is_public", "full_name", "family_access_code" from "public"."memory_books" where "id" = $1`,
      [book.id],
    )
    expect(row).toEqual({ is_public: false, full_name: book.fullName, family_access_code: book.familyCode })

    const invite = await member.client.rpc('create_admin_invitation', { book: book.id, admin_name: 'x', contact: 'y' })
    expect(invite.error?.code).toBe('42501')
    expect((await member.client.rpc('list_book_admins', { book: book.id })).error?.code).toBe('42501')
    const transfer = await invoke(member.client, 'ownership-transfer', {
      action: 'invite',
      book_id: book.id,
      invitee_email: member.email,
    })
    expect(transfer.status).toBe(403)
    const code = await member.client.rpc('generate_family_code', { book: book.id })
    expect(code.error?.code).toBe('42501')

    await member.client.from('memory_books').delete().eq('id', book.id)
    expect(await sql(`select 1 from "public"."memory_books" where "id" = $1`, [book.id])).toHaveLength(1)
  })

  it('loses access at once when the owner removes them', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const member = await signedInUser({ label: 'removed-admin' })
    const invitation = await createInvitation(owner, book)
    expect((await join(member, invitation.token, book)).status).toBe(200)
    expect((await member.client.rpc('get_book_memories', { book_ref: book.shortCode })).error).toBeNull()

    const removed = await owner.client.from('book_admins').delete().eq('id', invitation.id).select('id')
    expect(removed.data).toHaveLength(1)
    expect((await member.client.rpc('get_book_memories', { book_ref: book.shortCode })).error?.code).toBe('42501')
    expect(await isAdmin(member, book)).toBe(false)
    const again = await join(member, invitation.token, book)
    expect(again).toMatchObject({ status: 404, error: { code: 'invitation_not_found' } })
  })
})

function transfer(user: SignedInUser, body: Record<string, unknown>) {
  return invoke<Record<string, unknown>>(user.client, 'ownership-transfer', body)
}

describe('ownership-transfer', () => {
  it('moves the book only when the owner approves, keeps the old owner as a family admin and e-mails both', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const invitee = await signedInUser({ label: 'new-owner', fullName: 'יעל לוי' })
    const stranger = await signedInUser({ label: 'stranger' })

    const created = await transfer(owner, {
      action: 'invite',
      book_id: book.id,
      invitee_email: invitee.email.toUpperCase(),
    })
    expect(created.status).toBe(200)
    const token = created.data!.token as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const invitation = await waitForMail(invitee.email, { subject: 'הוזמנתם לקבל' })
    expect(invitation.Text).toContain(`invite_token=${token}`)
    expect(isFramed(invitation)).toBe(true)
    const second = await transfer(owner, { action: 'invite', book_id: book.id, invitee_email: stranger.email })
    expect(second).toMatchObject({ status: 400, error: { code: 'transfer_already_open' } })

    const early = await transfer(owner, { action: 'decide', request_id: created.data!.id, approve: true })
    expect(early).toMatchObject({ status: 400, error: { code: 'transfer_not_waiting' } })

    const wrongAccount = await transfer(stranger, { action: 'register', invite_token: token })
    expect(wrongAccount).toMatchObject({ status: 403, error: { code: 'transfer_wrong_account' } })
    const registered = await transfer(invitee, { action: 'register', invite_token: token })
    expect(registered).toMatchObject({ status: 200, data: { book_id: book.id, short_code: book.shortCode } })
    await waitForMail(owner.email, { subject: 'בקשה לקבלת הבעלות' })
    const waiting = await invitee.client
      .from('ownership_transfer_requests')
      .select('status')
      .eq('id', created.data!.id as string)
      .single()
    expect(waiting.data?.status).toBe('registered_waiting_approval')
    expect((await invitee.client.rpc('is_book_owner', { book: book.id })).data).toBe(false)

    const stolen = await transfer(invitee, { action: 'decide', request_id: created.data!.id, approve: true })
    expect(stolen.status).toBe(403)
    const approved = await transfer(owner, { action: 'decide', request_id: created.data!.id, approve: true })
    expect(approved).toMatchObject({ status: 200, data: { status: 'approved' } })

    expect((await invitee.client.rpc('is_book_owner', { book: book.id })).data).toBe(true)
    expect((await owner.client.rpc('is_book_owner', { book: book.id })).data).toBe(false)
    expect(await isAdmin(owner, book)).toBe(true)
    expect((await owner.client.rpc('get_book_memories', { book_ref: book.shortCode })).error).toBeNull()
    await waitForMail(invitee.email, { subject: 'עבר לבעלותכם' })
    await waitForMail(owner.email, { subject: 'הועברה' })

    const reused = await transfer(stranger, { action: 'register', invite_token: token })
    expect(reused).toMatchObject({ status: 409, error: { code: 'transfer_used' } })
  })

  it('ends declined and withdrawn requests cleanly and refuses unknown and expired links', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const invitee = await signedInUser({ label: 'declined-invitee' })

    const created = await transfer(owner, { action: 'invite', book_id: book.id, invitee_email: invitee.email })
    expect((await transfer(invitee, { action: 'register', invite_token: created.data!.token })).status).toBe(200)
    const declined = await transfer(owner, { action: 'decide', request_id: created.data!.id, approve: false })
    expect(declined).toMatchObject({ status: 200, data: { status: 'declined' } })
    await waitForMail(invitee.email, { subject: 'לא אושרה' })
    expect((await owner.client.rpc('is_book_owner', { book: book.id })).data).toBe(true)
    expect(await isAdmin(invitee, book)).toBe(false)

    const withdrawn = await transfer(owner, { action: 'invite', book_id: book.id, invitee_email: invitee.email })
    expect(withdrawn.status).toBe(200)
    const deleted = await owner.client
      .from('ownership_transfer_requests')
      .delete()
      .eq('id', withdrawn.data!.id as string)
      .select('id')
    expect(deleted.data).toHaveLength(1)
    expect(await transfer(invitee, { action: 'register', invite_token: withdrawn.data!.token })).toMatchObject({
      status: 404,
      error: { code: 'transfer_invalid' },
    })

    const expired = await inviteTransfer(book.id, invitee.email, { expiresAt: new Date(Date.now() - 60_000) })
    expect(await transfer(invitee, { action: 'register', invite_token: expired.token })).toMatchObject({
      status: 410,
      error: { code: 'transfer_expired' },
    })
    expect(await transfer(invitee, { action: 'register', invite_token: 'y'.repeat(43) })).toMatchObject({
      status: 404,
    })
    const toSelf = await transfer(owner, { action: 'invite', book_id: book.id, invitee_email: owner.email })
    expect(toSelf).toMatchObject({ status: 400, error: { code: 'transfer_to_owner' } })
    expect((await owner.client.rpc('is_book_owner', { book: book.id })).data).toBe(true)
  })
})

/** The account's confirmed address becomes `email`, as a confirmed e-mail change leaves it. */
async function changeEmail(user: { id: string }, email: string): Promise<void> {
  const { error } = await serviceClient().auth.admin.updateUserById(user.id, { email, email_confirm: true })
  if (error) throw error
}

async function ownerEmailOf(book: TestBook): Promise<string> {
  const [row] = await sql<{ owner_email: string }>(
    `select "owner_email" from "public"."memory_books" where "id" = $1`,
    [book.id],
  )
  return row!.owner_email
}

describe('an ownership transfer goes to the account, not to the address', () => {
  it('keeps the invited account whose address changed, and refuses whoever holds the invited address later', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const invitee = await signedInUser({ label: 'moving-invitee' })
    const invitedAddress = invitee.email
    const created = await transfer(owner, { action: 'invite', book_id: book.id, invitee_email: invitedAddress })
    const token = created.data!.token as string

    await changeEmail(invitee, uniqueEmail('moved-once'))
    const usurper = await signedInUser({ label: 'address-taker' })
    await changeEmail(usurper, invitedAddress)
    const refused = await transfer(usurper, { action: 'register', invite_token: token })
    expect(refused).toMatchObject({ status: 403, error: { code: 'transfer_wrong_account' } })
    const seen = await usurper.client.from('ownership_transfer_requests').select('id').eq('book_id', book.id)
    expect(seen.data).toEqual([])

    expect(await transfer(invitee, { action: 'register', invite_token: token })).toMatchObject({ status: 200 })
    const finalAddress = uniqueEmail('moved-twice')
    await changeEmail(invitee, finalAddress)
    const approved = await transfer(owner, { action: 'decide', request_id: created.data!.id, approve: true })
    expect(approved).toMatchObject({ status: 200, data: { status: 'approved' } })

    expect(await ownerEmailOf(book)).toBe(finalAddress)
    expect((await invitee.client.rpc('is_book_owner', { book: book.id })).data).toBe(true)
    expect((await usurper.client.rpc('is_book_owner', { book: book.id })).data).toBe(false)
    await waitForMail(finalAddress, { subject: 'עבר לבעלותכם' })
    expect((await mailsTo(invitedAddress)).filter((mail) => mail.Subject.includes('עבר לבעלותכם'))).toEqual([])
  })

  it('fixes the first account that answers an address nobody held, even when it moves before approval', async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const invitedAddress = uniqueEmail('not-yet-registered')
    const created = await transfer(owner, { action: 'invite', book_id: book.id, invitee_email: invitedAddress })
    const token = created.data!.token as string

    const newcomer = await signedInUser({ label: 'newcomer' })
    await changeEmail(newcomer, invitedAddress)
    expect(await transfer(newcomer, { action: 'register', invite_token: token })).toMatchObject({ status: 200 })
    const movedAddress = uniqueEmail('newcomer-moved')
    await changeEmail(newcomer, movedAddress)
    const usurper = await signedInUser({ label: 'later-holder' })
    await changeEmail(usurper, invitedAddress)
    expect(await transfer(usurper, { action: 'register', invite_token: token })).toMatchObject({
      status: 409,
      error: { code: 'transfer_used' },
    })

    expect(await transfer(owner, { action: 'decide', request_id: created.data!.id, approve: true })).toMatchObject({
      status: 200,
    })
    expect(await ownerEmailOf(book)).toBe(movedAddress)
    expect((await usurper.client.rpc('is_book_owner', { book: book.id })).data).toBe(false)
  })

  it("ends the transfer with its account: a deleted invitee's address, registered anew, gets nothing", async () => {
    const { owner, book } = await ownerWithPrivateBook()
    const invitee = await signedInUser({ label: 'leaving-invitee' })
    const created = await transfer(owner, { action: 'invite', book_id: book.id, invitee_email: invitee.email })
    const token = created.data!.token as string
    expect(await transfer(invitee, { action: 'register', invite_token: token })).toMatchObject({ status: 200 })

    const { error } = await serviceClient().auth.admin.deleteUser(invitee.id)
    expect(error).toBeNull()
    const successor = await signedInUser({ label: 'successor' })
    await changeEmail(successor, invitee.email)
    expect(await transfer(successor, { action: 'register', invite_token: token })).toMatchObject({
      status: 404,
      error: { code: 'transfer_invalid' },
    })
    const decided = await transfer(owner, { action: 'decide', request_id: created.data!.id, approve: true })
    expect(decided.status).toBe(403)
    expect(await ownerEmailOf(book)).toBe(owner.email)
  })
})
