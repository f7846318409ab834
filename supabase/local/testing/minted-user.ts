/**
 * A supabase-js client carrying an access token minted directly with the project secret, for
 * tests of services that only read the JWT (storage RLS, function JWT checks) and need a user
 * without going through sign-up. The user does not exist in auth.users.
 */
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { signJwt } from '../jwt.ts'
import { testEnv } from './clients.ts'

export interface MintedUser {
  id: string
  token: string
  client: SupabaseClient
}

export async function mintedUser(expiresInSeconds = 3600): Promise<MintedUser> {
  const id = randomUUID()
  const token = await signJwt(
    { sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@minted.test`, session_id: randomUUID() },
    expiresInSeconds,
  )
  const client = createClient(testEnv.apiUrl, testEnv.anonKey, {
    accessToken: async () => token,
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
  return { id, token, client }
}
