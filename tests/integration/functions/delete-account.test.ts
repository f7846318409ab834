/**
 * delete-account: a user deletes their own account after typing their e-mail, or a platform admin
 * deletes a user's. Afterwards no row holds the person's e-mail: owned books are deleted or handed
 * to the chosen family admin, their memory in someone else's book stays under the name written,
 * their payment stays without user id or e-mail, and the auth user is gone.
 */
import { describe, expect, it } from 'vitest'
import {
  addMemory,
  bookRow,
  confirmAdmin,
  createBook,
  inviteAdmin,
  rowsMentioning,
  signedInUser,
  sql,
  storedFilesUnder,
  TINY_JPEG,
  uploadToBucket,
  waitForMail,
  type SignedInUser,
} from '../../../supabase/local/testing/index.ts'
import { invoke } from './support.ts'

interface AccountDeleted {
  deleted: boolean
  books_deleted: number
  books_handed_over: number
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
    `insert into "public"."payment_sessions" ("stripe_session_id", "user_id", "email", "plan_type", "recipient_type", "amount_agorot", "status")
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

    const result = await invoke<AccountDeleted>(user.client, 'delete-account', {
      email: user.email.toUpperCase(),
      hand_over: { [world.handed.id]: world.adminRow },
    })
    expect(result).toMatchObject({ status: 200, data: { deleted: true, books_deleted: 1, books_handed_over: 1 } })

    expect(await rowsMentioning(user.email)).toEqual([])
    expect(await rowsMentioning(user.id, ['public.admin_logs'])).toEqual([])
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
      `select "user_id", "email", "amount_agorot", "status" from "public"."payment_sessions" where "stripe_session_id" = $1`,
      [world.session],
    )
    expect(payment).toEqual({ user_id: null, email: null, amount_agorot: 14900, status: 'paid' })
    const [log] = await sql(
      `select "admin_email", "target_user" from "public"."admin_logs" where "action" = 'ACCOUNT_DELETED' and "target_user" = $1`,
      [`deleted-account:${user.id}`],
    )
    expect(log).toEqual({ admin_email: `deleted-account:${user.id}`, target_user: `deleted-account:${user.id}` })
    const mail = await waitForMail(user.email, { subject: 'החשבון שלך בזוכרים נמחק' })
    expect(mail.Text).toContain('ספר הזיכרון לזכר ספר שנמחק נמחק')
    expect(mail.Text).toContain('ספר הזיכרון לזכר ספר שעובר הועבר')
  })

  it("lets a platform admin delete a user's account by e-mail", async () => {
    const user = await signedInUser({ label: 'asked-by-email' })
    const book = await createBook({ ownerEmail: user.email })
    const admin = await signedInUser({ label: 'account-admin', platformAdmin: true })
    const result = await invoke<AccountDeleted>(admin.client, 'delete-account', { email: user.email })
    expect(result).toMatchObject({ status: 200, data: { books_deleted: 1 } })
    expect(await authUserExists(user.id)).toBe(false)
    expect(await bookRow(book.id)).toBeUndefined()
    expect(await rowsMentioning(user.email)).toEqual([])
    const [log] = await sql(
      `select "admin_email" from "public"."admin_logs" where "action" = 'ACCOUNT_DELETED' and "target_user" = $1`,
      [`deleted-account:${user.id}`],
    )
    expect(log).toEqual({ admin_email: admin.email })
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
