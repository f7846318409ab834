import { describe, expect, it } from 'vitest'
import {
  anonClient,
  serviceClient,
  TEST_PASSWORD,
  testEnv,
  uniqueEmail,
  verifyLink,
  waitForMail,
} from '../testing/index.ts'

describe('admin users API (service role)', () => {
  it('creates a confirmed user who can sign in, with metadata', async () => {
    const admin = serviceClient()
    const email = uniqueEmail('admin-create')
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'שרה' },
      app_metadata: { plan: 'pro' },
    })
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.user_metadata).toEqual({ full_name: 'שרה' })
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], plan: 'pro' })
    expect(data.user?.identities).toHaveLength(1)
    const signIn = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD })
    expect(signIn.error).toBeNull()
  })

  it('refuses a second user with the same e-mail (email_exists) and a weak password', async () => {
    const admin = serviceClient()
    const email = uniqueEmail('admin-dup')
    await admin.auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true })
    const duplicate = await admin.auth.admin.createUser({ email: email.toUpperCase(), password: TEST_PASSWORD })
    expect(duplicate.error?.code).toBe('email_exists')
    expect(duplicate.error?.status).toBe(422)
    const weak = await admin.auth.admin.createUser({ email: uniqueEmail('admin-weak'), password: '1234' })
    expect(weak.error?.code).toBe('weak_password')
  })

  it('lists users with pagination headers, gets, updates and deletes one', async () => {
    const admin = serviceClient()
    for (let i = 0; i < 3; i += 1)
      await admin.auth.admin.createUser({ email: uniqueEmail('admin-list'), password: TEST_PASSWORD })
    const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(error).toBeNull()
    expect(data.users).toHaveLength(2)
    if (!('total' in data)) throw new Error('listUsers answered without pagination')
    expect(data.total).toBeGreaterThanOrEqual(3)
    expect(data.nextPage).toBe(2)
    // supabase-js reads only the first digit of a page number, so check the header itself.
    const raw = await fetch(`${testEnv.apiUrl}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: testEnv.serviceRoleKey, authorization: `Bearer ${testEnv.serviceRoleKey}` },
    })
    expect(raw.headers.get('x-total-count')).toBe(String(data.total))
    expect(raw.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(data.total / 2)}&per_page=2>; rel="last"`,
    )

    const email = uniqueEmail('admin-crud')
    const created = await admin.auth.admin.createUser({ email, password: TEST_PASSWORD })
    const id = created.data.user!.id
    expect((await admin.auth.admin.getUserById(id)).data.user?.email).toBe(email)

    const updated = await admin.auth.admin.updateUserById(id, {
      email_confirm: true,
      user_metadata: { a: 1 },
      password: 'changed-password-1',
    })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.email_confirmed_at).toBeTruthy()
    expect((await anonClient().auth.signInWithPassword({ email, password: 'changed-password-1' })).error).toBeNull()

    const deleted = await admin.auth.admin.deleteUser(id)
    expect(deleted.error).toBeNull()
    const missing = await admin.auth.admin.getUserById(id)
    expect(missing.error?.status).toBe(404)
    expect(missing.error?.code).toBe('user_not_found')
  })

  it('refuses the admin API to the anon key and to a signed-in user', async () => {
    const anon = await anonClient().auth.admin.listUsers()
    expect(anon.error?.status).toBe(403)
    expect(anon.error?.code).toBe('not_admin')
  })

  it('generates a magic link and a recovery link without sending e-mail', async () => {
    const admin = serviceClient()
    const email = uniqueEmail('admin-link')
    await admin.auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true })
    const { data, error } = await admin.auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: `${testEnv.siteUrl}/dashboard` },
    })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('magiclink')
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/)
    const link = new URL(data.properties!.action_link)
    expect(link.pathname).toBe('/auth/v1/verify')
    expect(link.searchParams.get('redirect_to')).toBe(`${testEnv.siteUrl}/dashboard`)
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    expect(new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1)).get('type')).toBe('magiclink')

    const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email })
    const verified = await anonClient().auth.verifyOtp({
      token_hash: recovery.data.properties!.hashed_token,
      type: 'recovery',
    })
    expect(verified.error).toBeNull()
    const unknown = await admin.auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') })
    expect(unknown.error?.status).toBe(404)
  })

  it('generates a sign-up link that creates the user and confirms them when followed', async () => {
    const admin = serviceClient()
    const email = uniqueEmail('admin-signup-link')
    const { data, error } = await admin.auth.admin.generateLink({ type: 'signup', email, password: TEST_PASSWORD })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    const refused = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD })
    expect(refused.error?.code).toBe('email_not_confirmed')
    await fetch(data.properties!.action_link, { redirect: 'manual' })
    expect((await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull()
    const again = await admin.auth.admin.generateLink({ type: 'signup', email, password: TEST_PASSWORD })
    expect(again.error?.code).toBe('email_exists')
  })

  it('invites a user by e-mail; the invite link signs them in', async () => {
    const admin = serviceClient()
    const email = uniqueEmail('invite')
    const { data, error } = await admin.auth.admin.inviteUserByEmail(email, {
      data: { invited_by: 'tests' },
      redirectTo: `${testEnv.siteUrl}/welcome`,
    })
    expect(error).toBeNull()
    expect(data.user?.invited_at).toBeTruthy()
    const mail = await waitForMail(email)
    expect(mail.Subject).toBe('הוזמנת להצטרף לזוכרים')
    const response = await fetch(verifyLink(mail), { redirect: 'manual' })
    const hash = new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1))
    expect(hash.get('type')).toBe('invite')
    expect(hash.get('access_token')).toBeTruthy()
  })
})

describe('magic link sign-in', () => {
  it('mails a magic link to a confirmed user; the code signs in', async () => {
    const email = uniqueEmail('magic')
    await serviceClient().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true })
    const client = anonClient()
    const { error } = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })
    expect(error).toBeNull()
    const mail = await waitForMail(email)
    expect(mail.Subject).toBe('קישור הכניסה שלך לזוכרים')
    const token = /\b(\d{6})\b/.exec(mail.Text)![1]!
    const verified = await client.auth.verifyOtp({ email, token, type: 'email' })
    expect(verified.error).toBeNull()
    expect(verified.data.session).toBeTruthy()
  })

  it('refuses an unknown address when shouldCreateUser is false', async () => {
    const { error } = await anonClient().auth.signInWithOtp({
      email: uniqueEmail('magic-none'),
      options: { shouldCreateUser: false },
    })
    expect(error?.code).toBe('otp_disabled')
  })
})
