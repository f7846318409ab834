/**
 * reset-user-password: a platform admin sets a strong temporary password for a user, who can sign
 * in with it and is marked must_change_password; the reset is logged. Refused without a session
 * ('No valid session'), to users who are not platform admins, and for unknown e-mails.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  anonClient,
  clientWithToken,
  createUser,
  signedInUser,
  sql,
  uniqueEmail,
  type SignedInUser,
} from '../../../supabase/local/testing/index.ts'
import { invoke } from './support.ts'

let admin: SignedInUser
beforeAll(async () => {
  admin = await signedInUser({ platformAdmin: true })
})

async function mustChangePassword(userId: string): Promise<boolean | undefined> {
  const [row] = await sql<{ must: boolean }>(
    `select "must_change_password" as "must" from "public"."users" where "id" = $1`,
    [userId],
  )
  return row?.must
}

describe('reset-user-password', () => {
  it('sets a strong temporary password the user signs in with, marks must_change_password and logs it', async () => {
    const user = await createUser({ label: 'forgetful' })
    const result = await invoke<{ success: boolean; temporaryPassword: string }>(admin.client, 'reset-user-password', {
      userEmail: user.email.toUpperCase(),
    })
    expect(result).toMatchObject({ status: 200, data: { success: true } })
    const password = result.data!.temporaryPassword
    expect(password).toHaveLength(16)
    for (const group of [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/]) expect(password).toMatch(group)
    expect(await mustChangePassword(user.id)).toBe(true)

    const oldSignIn = await clientWithToken().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(oldSignIn.error).not.toBeNull()
    const newSignIn = await clientWithToken().auth.signInWithPassword({ email: user.email, password })
    expect(newSignIn.error).toBeNull()

    const logs = await sql<{ admin_email: string }>(
      `select "admin_email" from "public"."admin_logs" where "action" = 'ADMIN_RESET_USER_PASSWORD' and "target_user" = $1`,
      [user.email],
    )
    expect(logs).toEqual([{ admin_email: admin.email }])
  })

  it('gives a different password each time', async () => {
    const user = await createUser({ label: 'twice' })
    const first = await invoke<{ temporaryPassword: string }>(admin.client, 'reset-user-password', {
      userEmail: user.email,
    })
    const second = await invoke<{ temporaryPassword: string }>(admin.client, 'reset-user-password', {
      userEmail: user.email,
    })
    expect(first.data!.temporaryPassword).not.toBe(second.data!.temporaryPassword)
  })

  it("answers 401 'No valid session' to a caller with the anon key only", async () => {
    const user = await createUser({ label: 'target' })
    const result = await invoke(anonClient(), 'reset-user-password', { userEmail: user.email })
    expect(result).toMatchObject({ status: 401, error: { error: 'No valid session' } })
    expect(await mustChangePassword(user.id)).toBe(false)
  })

  it('refuses a signed-in user who is not a platform admin, and changes nothing', async () => {
    const [plain, user] = await Promise.all([signedInUser({ label: 'plain' }), createUser({ label: 'victim' })])
    const result = await invoke(plain.client, 'reset-user-password', { userEmail: user.email })
    expect(result).toMatchObject({ status: 403, error: { code: 'platform_admin_required' } })
    expect(await mustChangePassword(user.id)).toBe(false)
    const signIn = await clientWithToken().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(signIn.error).toBeNull()
  })

  it('answers 404 for an e-mail no account has, and 400 for a malformed one', async () => {
    const unknown = await invoke(admin.client, 'reset-user-password', { userEmail: uniqueEmail('nobody') })
    expect(unknown).toMatchObject({ status: 404, error: { code: 'user_not_found', error: 'המשתמש לא נמצא' } })
    const malformed = await invoke(admin.client, 'reset-user-password', { userEmail: 'not an address' })
    expect(malformed).toMatchObject({ status: 400, error: { code: 'invalid_body' } })
  })
})
