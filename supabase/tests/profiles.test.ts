/**
 * The profile mirror of auth.users: created by the sign-up trigger with the name from the sign-up
 * metadata, kept in sync, and made a platform admin only for a listed e-mail once it is confirmed.
 * A user may change their own name, never their role.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createBook, signedInUser, sql, unique } from '../local/testing/index.ts'

async function profile(id: string): Promise<{ email: string; full_name: string | null; role: string } | undefined> {
  const [row] = await sql<{ email: string; full_name: string | null; role: string }>(
    `select "email", "full_name", "role" from "public"."users" where "id" = $1`,
    [id],
  )
  return row
}

describe('user profiles', () => {
  it('creates the profile on sign-up with the full name from the metadata', async () => {
    const id = randomUUID()
    const email = `Signup-${unique()}@Test.Zochrim.Local`
    await sql(
      `insert into "auth"."users" ("id", "aud", "role", "email", "raw_user_meta_data") values ($1, 'authenticated', 'authenticated', $2, $3::jsonb)`,
      [id, email, JSON.stringify({ full_name: '  שירה לוי ' })],
    )
    expect(await profile(id)).toEqual({ email: email.toLowerCase(), full_name: 'שירה לוי', role: 'user' })
  })

  it('makes a listed e-mail a platform admin only once it is confirmed', async () => {
    const id = randomUUID()
    const email = `listed-${unique()}@test.zochrim.local`
    await sql(`insert into "public"."platform_admin_emails" ("email") values ($1)`, [email])
    await sql(
      `insert into "auth"."users" ("id", "aud", "role", "email") values ($1, 'authenticated', 'authenticated', $2)`,
      [id, email],
    )
    expect((await profile(id))?.role).toBe('user')
    await sql(`update "auth"."users" set "email_confirmed_at" = now() where "id" = $1`, [id])
    expect((await profile(id))?.role).toBe('admin')
    await sql(`delete from "public"."platform_admin_emails" where "email" = $1`, [email])
    expect((await profile(id))?.role).toBe('user')
  })

  it('promotes an existing confirmed user when their e-mail is listed later', async () => {
    const user = await signedInUser({ label: 'later-admin' })
    expect((await user.client.rpc('is_platform_admin')).data).toBe(false)
    await sql(`insert into "public"."platform_admin_emails" ("email") values ($1)`, [user.email])
    expect((await user.client.rpc('is_platform_admin')).data).toBe(true)
  })

  it('keeps the e-mail in sync and moves the books along when a confirmed e-mail changes', async () => {
    const user = await signedInUser({ label: 'mover' })
    const book = await createBook({ ownerEmail: user.email })
    const newEmail = `moved-${unique()}@test.zochrim.local`
    await sql(`update "auth"."users" set "email" = $2 where "id" = $1`, [user.id, newEmail])
    expect((await profile(user.id))?.email).toBe(newEmail)
    const [row] = await sql<{ owner_email: string }>(
      `select "owner_email" from "public"."memory_books" where "id" = $1`,
      [book.id],
    )
    expect(row!.owner_email).toBe(newEmail)
  })

  it('gives an unconfirmed user no ownership', async () => {
    const user = await signedInUser({ label: 'unconfirmed', confirmed: false })
    const book = await createBook({ ownerEmail: user.email })
    expect((await user.client.rpc('is_book_owner', { book: book.id })).data).toBe(false)
    expect((await user.client.from('memory_books').select('id').eq('id', book.id)).data).toEqual([])
  })

  it('lets a user change their name and clear must_change_password, but not set it or their role', async () => {
    const user = await signedInUser({ label: 'self-editor' })
    await sql(`update "public"."users" set "must_change_password" = true where "id" = $1`, [user.id])
    const allowed = await user.client
      .from('users')
      .update({ full_name: 'שם חדש', must_change_password: false })
      .eq('id', user.id)
      .select('full_name, must_change_password')
      .single()
    expect(allowed.data).toEqual({
      full_name: 'שם חדש',
      must_change_password: false,
    })
    for (const change of [{ role: 'admin' }, { must_change_password: true }, { email: 'other@test.zochrim.local' }]) {
      const { error } = await user.client.from('users').update(change).eq('id', user.id)
      expect(error, JSON.stringify(change)).toMatchObject({ code: '42501', hint: 'user_field_locked' })
    }
  })
})
