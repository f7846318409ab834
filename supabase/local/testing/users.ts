/**
 * Test users: made through the auth admin API (the profile trigger fires as for a real sign-up),
 * each with a loopback client address of its own so per-address limits do not add up across a
 * suite, and signed in with their password as the app does.
 */
import { clientWithToken, serviceClient, sql, testEnv, unique, uniqueAddress, type Client } from './clients.ts'
import { signJwt } from '../jwt.ts'

export const TEST_PASSWORD = 'Zochrim-test-2026'

export interface NewUser {
  /** Start of the e-mail address, e.g. `owner` → `owner-lx2k9a1b2c3@example.test`. */
  label?: string
  fullName?: string
  password?: string
  /** False: the e-mail stays unconfirmed (password sign-in is refused until it is). */
  confirmed?: boolean
  /** The address is listed in platform_admin_emails first, so the profile trigger makes them admin. */
  platformAdmin?: boolean
}

export interface TestUser {
  id: string
  email: string
  password: string
  fullName: string
  confirmed: boolean
  /** The loopback address this user's requests leave from. */
  address: string
}

export interface SignedInUser extends TestUser {
  client: Client
  accessToken: string
}

/** A unique address on a reserved test domain. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${unique()}@example.test`
}

export async function createUser(options: NewUser = {}): Promise<TestUser> {
  const label = options.label ?? (options.platformAdmin ? 'admin' : 'user')
  const email = uniqueEmail(label)
  const password = options.password ?? TEST_PASSWORD
  const fullName = options.fullName ?? `בודק ${label}`
  if (options.platformAdmin) await sql(`insert into "public"."platform_admin_emails" ("email") values ($1)`, [email])
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: options.confirmed ?? true,
    user_metadata: { full_name: fullName },
  })
  if (error || !data.user) throw error ?? new Error('the admin API answered no user')
  return {
    id: data.user.id,
    email,
    password,
    fullName,
    confirmed: options.confirmed ?? true,
    address: uniqueAddress(),
  }
}

/**
 * A supabase-js client signed in as `user` with its password. An unconfirmed user cannot sign in:
 * they get a token minted with the project secret, what a stale session would carry.
 */
async function signIn(user: TestUser): Promise<SignedInUser> {
  if (user.confirmed) {
    const client = clientWithToken(undefined, user.address) as Client
    const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password })
    if (error || !data.session) throw error ?? new Error('sign-in answered no session')
    return { ...user, client, accessToken: data.session.access_token }
  }
  // No session_id: a token that names a session the stack does not know is refused as signed out.
  const claims = { sub: user.id, role: 'authenticated', aud: 'authenticated', iss: `${testEnv.apiUrl}/auth/v1` }
  const token = await signJwt({ ...claims, email: user.email }, 3600)
  return { ...user, client: clientWithToken(token, user.address) as Client, accessToken: token }
}

export async function signedInUser(options: NewUser = {}): Promise<SignedInUser> {
  return signIn(await createUser(options))
}
