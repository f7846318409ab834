/**
 * A client carrying an access token signed directly with the project's signing key, for tests of services
 * that only read the JWT (REST and storage RLS, function JWT checks) and need a user without going
 * through sign-up. The user does not exist in auth.users.
 */
import { randomUUID } from 'node:crypto'
import { signJwt } from '../jwt.ts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { clientWithToken, testEnv } from './clients.ts'

export interface MintedUser {
  id: string
  token: string
  client: SupabaseClient
}

export async function mintedUser(
  options: { id?: string; expiresInSeconds?: number; email?: string } = {},
): Promise<MintedUser> {
  const id = options.id ?? randomUUID()
  const token = await signJwt(
    {
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      iss: `${testEnv.apiUrl}/auth/v1`,
      email: options.email ?? `${id}@minted.test`,
      session_id: randomUUID(),
    },
    options.expiresInSeconds ?? 3600,
  )
  return { id, token, client: clientWithToken(token) }
}
