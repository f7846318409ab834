/**
 * A book's life on the server: generated codes, what deleting takes with it (memories,
 * invitations, attempts, files), single-use invitations, ownership transfer, and the
 * platform-admin functions with their admin_logs rows.
 */
import { describe, expect, it } from 'vitest'
import {
  anonClient,
  createBook,
  inviteAdmin,
  newGiftCode,
  publicUrl,
  serviceClient,
  signedInUser,
  sql,
  sendReminders,
  TINY_JPEG,
} from '../local/testing/index.ts'

async function count(query: string, params: unknown[]): Promise<number> {
  const [row] = await sql<{ n: number }>(query, params)
  return row!.n
}

async function adminLogActions(adminEmail: string): Promise<string[]> {
  const rows = await sql<{ action: string }>(
    `select "action" from "public"."admin_logs" where "admin_email" = $1 order by "timestamp", "action"`,
    [adminEmail],
  )
  return rows.map((row) => row.action)
}

describe('book lifecycle', () => {
  it('gives new books a short id and a 4-digit family code, and gift books a 6-character code valid 30 days', async () => {
    const book = await createBook()
    expect(book.shortCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/)
    expect(book.familyCode).toMatch(/^\d{4}$/)
    const giftCode = await newGiftCode()
    const gift = await createBook({ giftCode, giftStatus: 'pending' })
    expect(giftCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/)
    expect(gift.familyCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/)
    const [expiry] = await sql<{ days: number }>(
      `select round(extract(epoch from "gift_code_expires_at" - "gift_purchased_at") / 86400)::int as "days"
         from "public"."memory_books" where "id" = $1`,
      [gift.id],
    )
    expect(expiry!.days).toBe(30)
    const generated = await serviceClient().rpc('generate_gift_code')
    expect(generated.data).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/)
  })

  it('finds a book by its short code in any case, or by its uuid, for the public card', async () => {
    const book = await createBook({ isPublic: true })
    const anon = anonClient()
    for (const ref of [book.shortCode, ` ${book.shortCode.toLowerCase()} `, book.id]) {
      const { data } = await anon.rpc('get_book_card', { book_ref: ref })
      expect(data?.map((card) => card.id)).toEqual([book.id])
    }
    const { data } = await anon.rpc('get_book_card', { book_ref: book.shortCode })
    expect(Object.keys(data![0]!).sort()).toEqual(
      [
        'background_image_url',
        'birth_date',
        'creator_name',
        'death_date',
        'deceased_gender',
        'died_after_sunset',
        'full_name',
        'id',
        'is_paid',
        'is_public',
        'memory_quote',
        'plan_type',
        'profile_image_url',
        'short_code',
      ].sort(),
    )
  })

  it('deletes a moderated memory together with its photos', async () => {
    const owner = await signedInUser({ label: 'moderating-owner' })
    const book = await createBook({ ownerEmail: owner.email })
    const photo = `memories/${book.id}/removed.jpg`
    await serviceClient()
      .storage.from('memory-images')
      .upload(photo, TINY_JPEG, { contentType: 'image/jpeg', upsert: true })
    const added = await anonClient().rpc('add_memory', {
      book_ref: book.id,
      full_name: 'אורח',
      relation: 'חבר/ה',
      text1: 'זיכרון',
      image_urls: [publicUrl(photo)],
    })
    const { error } = await owner.client.from('memory_entries').delete().eq('id', added.data!.memory_id!)
    expect(error).toBeNull()
    expect(
      await count(`select count(*)::int as "n" from "private"."storage_removals" where "object_name" = $1`, [photo]),
    ).toBe(1)
    expect((await sendReminders('2026-11-27')).status).toBe(200)
    expect(await count(`select count(*)::int as "n" from "storage"."objects" where "name" = $1`, [photo])).toBe(0)
    expect(
      await count(`select count(*)::int as "n" from "private"."storage_removals" where "object_name" = $1`, [photo]),
    ).toBe(0)
    expect((await fetch(publicUrl(photo))).status).not.toBe(200)
  })

  it('keeps an owner to the content fields of their book', async () => {
    const owner = await signedInUser({ label: 'editing-owner' })
    const book = await createBook({ ownerEmail: owner.email, payment: 'pending' })
    const content = await owner.client
      .from('memory_books')
      .update({
        full_name: 'רחל לוי',
        birth_date: '1931-05-02',
        death_date: '2026-01-01',
        memory_quote: 'זיכרונה לברכה',
        is_public: true,
      })
      .eq('id', book.id)
      .select('full_name, birth_date, death_date, is_public')
      .single()
    expect(content.data).toEqual({
      full_name: 'רחל לוי',
      birth_date: '1931-05-02',
      death_date: '2026-01-01',
      is_public: true,
    })
    for (const change of [
      { payment_status: 'paid' },
      { plan_type: 'full' },
      { session_id: 'cs_x' },
      { family_access_code: '1234' },
      { gift_status: 'claimed' },
    ]) {
      const { error } = await owner.client.from('memory_books').update(change).eq('id', book.id)
      expect(error, JSON.stringify(change)).toMatchObject({ code: '42501', hint: 'book_field_locked' })
    }
    const outside = await owner.client
      .from('memory_books')
      .update({ profile_image_url: 'https://tracker.example/pixel.png' })
      .eq('id', book.id)
    expect(outside.error).toMatchObject({ code: 'P0001', hint: 'book_image_url_invalid' })
  })

  it('uses an invitation token once', async () => {
    const book = await createBook()
    const invitation = await inviteAdmin(book.id, 'brother@test.zochrim.local')
    const first = await signedInUser({ label: 'joining-admin' })
    const second = await signedInUser({ label: 'late-admin' })
    const service = serviceClient()
    const asUser = await first.client.rpc('join_book_as_admin', {
      token: invitation.token,
      book_ref: book.shortCode,
      member: first.id,
    })
    expect(asUser.error?.code).toBe('42501')
    const joined = await service.rpc('join_book_as_admin', {
      token: invitation.token,
      book_ref: book.shortCode,
      member: first.id,
    })
    expect(joined.data).toMatchObject({ ok: true, book_id: book.id, short_code: book.shortCode })
    const reused = await service.rpc('join_book_as_admin', {
      token: invitation.token,
      book_ref: book.shortCode,
      member: second.id,
    })
    expect(reused.error).toMatchObject({ code: 'P0001', hint: 'invitation_used' })
    expect((await first.client.rpc('can_read_book', { book: book.id })).data).toBe(true)
    expect((await second.client.rpc('can_read_book', { book: book.id })).data).toBe(false)
  })

  it('moves a book to the invitee only when the owner approves', async () => {
    const owner = await signedInUser({ label: 'transferring-owner' })
    const invitee = await signedInUser({ label: 'invitee' })
    const book = await createBook({ ownerEmail: owner.email })
    const created = await owner.client.rpc('create_ownership_transfer', {
      book: book.id,
      invitee_email: invitee.email.toUpperCase(),
    })
    expect(created.error).toBeNull()
    const invitation = created.data as { id: string; token: string }
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const request = await owner.client
      .from('ownership_transfer_requests')
      .select('id, invite_token_hash, invitee_email')
      .eq('id', invitation.id)
      .single()
    expect(request.data!.invite_token_hash).not.toContain(invitation.token)
    expect(request.data!.invitee_email).toBe(invitee.email)

    const tooEarly = await owner.client.rpc('decide_ownership_transfer', {
      request_id: request.data!.id,
      approve: true,
    })
    expect(tooEarly.error).toMatchObject({ code: 'P0001', hint: 'transfer_not_waiting' })
    const registered = await invitee.client.rpc('register_ownership_transfer', {
      invite_token: invitation.token,
    })
    expect(registered.data).toMatchObject({ ok: true, reason: 'registered_waiting_approval' })
    const seen = await invitee.client
      .from('ownership_transfer_requests')
      .select('status')
      .eq('id', request.data!.id)
      .single()
    expect(seen.data?.status).toBe('registered_waiting_approval')
    expect((await invitee.client.rpc('is_book_owner', { book: book.id })).data).toBe(false)

    const stolen = await invitee.client.rpc('decide_ownership_transfer', {
      request_id: request.data!.id,
      approve: true,
    })
    expect(stolen.error?.code).toBe('42501')
    const approved = await owner.client.rpc('decide_ownership_transfer', {
      request_id: request.data!.id,
      approve: true,
    })
    expect(approved.data).toBe('approved')
    expect((await invitee.client.rpc('is_book_owner', { book: book.id })).data).toBe(true)
    expect((await owner.client.rpc('is_book_owner', { book: book.id })).data).toBe(false)
  })
})

describe('platform-admin functions', () => {
  it('toggles payment status paid → test → paid and logs every action', async () => {
    const admin = await signedInUser({ platformAdmin: true })
    const book = await createBook({ payment: 'paid' })
    const toggles = []
    for (let i = 0; i < 2; i += 1)
      toggles.push((await admin.client.rpc('admin_toggle_payment_status', { book: book.id })).data)
    expect(toggles).toEqual(['test', 'paid'])
    const pending = await createBook({ payment: 'pending' })
    expect((await admin.client.rpc('admin_toggle_payment_status', { book: pending.id })).data).toBe('paid')

    expect((await admin.client.rpc('admin_list_users')).data?.some((user) => user.id === admin.id)).toBe(true)
    expect((await admin.client.rpc('admin_security_logs', { max_rows: 5 })).data?.length).toBeLessThanOrEqual(5)
    expect((await admin.client.functions.invoke('delete-book', { body: { book_id: book.id } })).error).toBeNull()
    expect(await count(`select count(*)::int as "n" from "public"."memory_books" where "id" = $1`, [book.id])).toBe(0)
    expect(await adminLogActions(admin.email)).toEqual(
      expect.arrayContaining([
        'ADMIN_TOGGLE_PAYMENT_STATUS',
        'ADMIN_LIST_USERS',
        'ADMIN_VIEW_SECURITY_LOG',
        'BOOK_DELETED',
      ]),
    )
    expect(
      (await adminLogActions(admin.email)).filter((action) => action === 'ADMIN_TOGGLE_PAYMENT_STATUS'),
    ).toHaveLength(3)
  })

  it('cleans only log rows older than 7 days', async () => {
    const admin = await signedInUser({ platformAdmin: true })
    const [old] = await sql<{ id: string }>(
      `insert into "public"."admin_logs" ("action", "timestamp") values ('SECURITY_OLD', now() - interval '8 days') returning "id"`,
    )
    const [recent] = await sql<{ id: string }>(
      `insert into "public"."admin_logs" ("action", "timestamp") values ('SECURITY_RECENT', now() - interval '6 days') returning "id"`,
    )
    const { data, error } = await admin.client.rpc('admin_cleanup_security_logs')
    expect(error).toBeNull()
    expect(data).toBeGreaterThanOrEqual(1)
    const remaining = await sql<{ id: string }>(
      `select "id" from "public"."admin_logs" where "id" = any (array[$1, $2]::uuid[])`,
      [old!.id, recent!.id],
    )
    expect(remaining.map((row) => row.id)).toEqual([recent!.id])
    expect(await adminLogActions(admin.email)).toContain('ADMIN_CLEANUP_SECURITY_LOGS')
  })

  it('refuses every admin function to a signed-in non-admin with 42501', async () => {
    const user = await signedInUser({ label: 'not-admin' })
    const book = await createBook()
    const calls = [
      user.client.rpc('admin_toggle_payment_status', { book: book.id }),
      user.client.rpc('admin_list_users'),
      user.client.rpc('admin_security_logs', { max_rows: 10 }),
      user.client.rpc('admin_cleanup_security_logs'),
    ]
    const results = await Promise.all(calls)
    expect(results.map((result) => [result.error?.code, result.status])).toEqual(Array(4).fill(['42501', 403]))
    expect(
      await count(
        `select count(*)::int as "n" from "public"."memory_books" where "id" = $1 and "payment_status" = 'paid'`,
        [book.id],
      ),
    ).toBe(1)
  })
})
