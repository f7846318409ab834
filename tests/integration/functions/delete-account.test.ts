/**
 * delete-account: a user deletes their own account after typing their e-mail, or a platform admin
 * deletes a user's. Afterwards no row holds the person's e-mail: owned books are deleted or handed
 * to the chosen family admin, their memory in someone else's book stays under the name written,
 * their payment stays without user id or e-mail, and the auth user is gone.
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  anonClient,
  bookRow,
  clientWithToken,
  confirmAdmin,
  createBook,
  inviteAdmin,
  isFramed,
  rowsMentioning,
  signedInUser,
  type SignedInUser,
  sql,
  storedFilesUnder,
  TINY_JPEG,
  uploadToBucket,
  waitForMail,
} from '../../../supabase/local/testing/index.ts'
import { invoke } from './support.ts'

interface AccountDeleted {
  deleted: boolean
  books_deleted: number
  books_handed_over: number
}

/** The ACCOUNT_DELETED rows written since `since` (the database's clock). */
async function accountDeletedLogs(since: string): Promise<{ admin_email: string; target_user: string }[]> {
  return sql(
    `select "admin_email", "target_user" from "public"."admin_logs"
      where "action" = 'ACCOUNT_DELETED' and "timestamp" >= $1::timestamptz order by "timestamp"`,
    [since],
  )
}

async function databaseNow(): Promise<string> {
  const [row] = await sql<{ now: string }>(`select now()::text as "now"`)
  return row!.now
}

async function authUserExists(id: string): Promise<boolean> {
  const rows = await sql(`select 1 from "auth"."users" where "id" = $1`, [id])
  return rows.length > 0
}

/** Everything an active user leaves behind: books, a memory elsewhere, a payment, subscriptions, a picture. */
async function busyUser(user: SignedInUser) {
  const familyAdmin = await signedInUser({ label: 'heir-admin', fullName: 'יורשת המשפחה' })
  const handed = await createBook({ ownerEmail: user.email, fullName: 'ספר שעובר' })
  const adminRow = await confirmAdmin(handed.id, familyAdmin.id)
  const deleted = await createBook({ ownerEmail: user.email, fullName: 'ספר שנמחק' })
  await addMemory(deleted, { photos: 1 })
  const othersBook = await createBook()
  const memory = await addMemory(othersBook, { fullName: 'דני כפי שכתב' })
  await sql(`update "public"."memory_entries" set "author_user_id" = $1 where "id" = $2`, [user.id, memory])
  const session = `cs_test_account_${crypto.randomUUID().slice(0, 8)}`
  await sql(
    `insert into "public"."payment_sessions" ("session_id", "user_id", "email", "plan_type", "recipient_type", "amount_agorot", "status")
     values ($1, $2, $3, 'pro', 'for_me', 14900, 'paid')`,
    [session, user.id, user.email],
  )
  await confirmAdmin((await createBook()).id, user.id)
  await inviteAdmin((await createBook()).id, user.email)
  await sql(
    `insert into "public"."reminder_subscriptions" ("book_id", "email", "status", "consent_text") values ($1, $2, 'confirmed', 'הסכמה')`,
    [othersBook.id, user.email],
  )
  await sql(`insert into "public"."onboarding_data" ("user_id", "deceased_name") values ($1, 'אבא')`, [user.id])
  const picture = `profiles/${user.id}/unused.jpg`
  await uploadToBucket(picture, TINY_JPEG, 'image/jpeg')
  return { familyAdmin, handed, adminRow, deleted, memory, session, picture }
}

describe('delete-account', () => {
  it("deletes a user's account: books deleted or handed over, memories and payments kept without them", async () => {
    const user = await signedInUser({ label: 'leaving-user', fullName: 'דני עוזב' })
    const world = await busyUser(user)
    const before = await databaseNow()

    const result = await invoke<AccountDeleted>(user.client, 'delete-account', {
      email: user.email.toUpperCase(),
      hand_over: { [world.handed.id]: world.adminRow },
    })
    expect(result).toMatchObject({ status: 200, data: { deleted: true, books_deleted: 1, books_handed_over: 1 } })

    expect(await rowsMentioning(user.email)).toEqual([])
    expect(await rowsMentioning(user.id)).toEqual([])
    expect(await authUserExists(user.id)).toBe(false)
    expect(await bookRow(world.deleted.id)).toBeUndefined()
    expect(storedFilesUnder(`memories/${world.deleted.id}`)).toEqual([])
    expect(storedFilesUnder(world.picture)).toEqual([])
    expect(await bookRow(world.handed.id)).toMatchObject({ owner_email: world.familyAdmin.email })
    const [memory] = await sql(`select "full_name", "author_user_id" from "public"."memory_entries" where "id" = $1`, [
      world.memory,
    ])
    expect(memory).toEqual({ full_name: 'דני כפי שכתב', author_user_id: null })
    const [payment] = await sql(
      `select "user_id", "email", "amount_agorot", "status" from "public"."payment_sessions" where "session_id" = $1`,
      [world.session],
    )
    expect(payment).toEqual({ user_id: null, email: null, amount_agorot: 14900, status: 'paid' })
    const [log] = await accountDeletedLogs(before)
    expect(log!.target_user).toMatch(/^deleted-account:[0-9a-f]{16}$/)
    expect(log).toEqual({ admin_email: log!.target_user, target_user: log!.target_user })
    const [bookDeletion] = await sql<{ admin_email: string; details: { deleted_by: string } }>(
      `select "admin_email", "details" from "public"."admin_logs" where "action" = 'BOOK_DELETED' and "book_id" = $1`,
      [world.deleted.id],
    )
    expect(bookDeletion).toMatchObject({ admin_email: log!.target_user, details: { deleted_by: log!.target_user } })
    const mail = await waitForMail(user.email, { subject: 'החשבון שלכם בזוכרים נמחק' })
    expect(mail.Text).toContain('ספר הזיכרון לזכר ספר שנמחק נמחק')
    expect(mail.Text).toContain('ספר הזיכרון לזכר ספר שעובר הועבר')
    expect(isFramed(mail)).toBe(true)
  })

  it("lets a platform admin delete a user's account by e-mail", async () => {
    const user = await signedInUser({ label: 'asked-by-email' })
    const book = await createBook({ ownerEmail: user.email })
    const admin = await signedInUser({ label: 'account-admin', platformAdmin: true })
    const before = await databaseNow()
    const result = await invoke<AccountDeleted>(admin.client, 'delete-account', { email: user.email })
    expect(result).toMatchObject({ status: 200, data: { books_deleted: 1 } })
    expect(await authUserExists(user.id)).toBe(false)
    expect(await bookRow(book.id)).toBeUndefined()
    expect(await rowsMentioning(user.email)).toEqual([])
    const [log] = await accountDeletedLogs(before)
    expect(log).toEqual({
      admin_email: admin.email,
      target_user: expect.stringMatching(/^deleted-account:[0-9a-f]{16}$/),
    })
  })

  it("refuses the deleted account's token in storage at once: no upload into its old folder or a book's", async () => {
    const user = await signedInUser({ label: 'token-after-deletion' })
    const book = await createBook({ plan: 'full', isPublic: true })
    const before = await user.client.storage
      .from('memory-images')
      .upload(`profiles/${user.id}/before.jpg`, TINY_JPEG, { contentType: 'image/jpeg' })
    expect(before.error).toBeNull()
    expect((await invoke(user.client, 'delete-account', { email: user.email })).status).toBe(200)

    const storage = clientWithToken(user.accessToken).storage.from('memory-images')
    const attempts = [`profiles/${user.id}/after.jpg`, `books/${user.id}/after.jpg`, `memories/${book.id}/after.jpg`]
    for (const name of attempts) {
      const upload = await storage.upload(name, TINY_JPEG, { contentType: 'image/jpeg' })
      expect(upload.error, name).not.toBeNull()
    }
    const rows = await sql(`select "name" from "storage"."objects" where "name" = any ($1::text[])`, [attempts])
    expect(rows).toEqual([])
    expect(storedFilesUnder(`profiles/${user.id}`)).toEqual([])
    expect(storedFilesUnder(`books/${user.id}`)).toEqual([])
    const visitor = await anonClient()
      .storage.from('memory-images')
      .upload(`memories/${book.id}/visitor-${crypto.randomUUID()}.jpg`, TINY_JPEG, { contentType: 'image/jpeg' })
    expect(visitor.error).toBeNull()
  })

  it('refuses another e-mail from a user who is not a platform admin, deleting nothing', async () => {
    const user = await signedInUser({ label: 'mistyped' })
    const other = await signedInUser({ label: 'not-me' })
    const book = await createBook({ ownerEmail: user.email })
    expect(await invoke(user.client, 'delete-account', { email: other.email })).toMatchObject({
      status: 400,
      error: { error: 'כתובת האימייל שהקלדת אינה תואמת לחשבון שלך' },
    })
    expect(await invoke(user.client, 'delete-account', { email: 'לא אימייל' })).toMatchObject({ status: 400 })
    expect(await authUserExists(user.id)).toBe(true)
    expect(await authUserExists(other.id)).toBe(true)
    expect(await bookRow(book.id)).toBeDefined()
  })

  it("refuses to hand over a book the account does not own, or to someone who is not the book's family admin", async () => {
    const user = await signedInUser({ label: 'wrong-heir' })
    const mine = await createBook({ ownerEmail: user.email })
    const stranger = await signedInUser({ label: 'foreign-admin' })
    const foreign = await createBook()
    const foreignRow = await confirmAdmin(foreign.id, stranger.id)
    expect(
      await invoke(user.client, 'delete-account', { email: user.email, hand_over: { [foreign.id]: foreignRow } }),
    ).toMatchObject({ status: 404 })
    expect(
      await invoke(user.client, 'delete-account', { email: user.email, hand_over: { [mine.id]: foreignRow } }),
    ).toMatchObject({ status: 404, error: { error: 'מנהל/ת המשפחה לא נמצא/ה' } })
    expect(await authUserExists(user.id)).toBe(true)
    expect(await bookRow(mine.id)).toMatchObject({ owner_email: user.email })
  })
})
