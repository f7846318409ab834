/**
 * Fixtures for e2e/buy-and-own.spec.ts: users made with the auth admin API (confirmed, so they
 * can sign in at once), books written with the service role, and signing in through /login.
 */
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect, type Page } from '@playwright/test'
import ws from 'ws'
import { accountsStrings } from '../src/i18n/accounts'

export const password = 'Buy-and-own-password-1'

let service: SupabaseClient | undefined

export function serviceClient(): SupabaseClient {
  service ??= createClient(process.env.SUPABASE_URL!, process.env.SUPABASE_SERVICE_ROLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
  return service
}

export interface TestUser {
  id: string
  email: string
  fullName: string
}

export async function createUser(label: string, fullName: string): Promise<TestUser> {
  const email = `${label}-${Date.now().toString(36)}${randomUUID().slice(0, 6)}@example.test`
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  })
  expect(error).toBeNull()
  return { id: data.user!.id, email, fullName }
}

/** Signs in through the login screen and waits for the dashboard it leads to. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login')
  await page.getByLabel(accountsStrings.common.email).fill(user.email)
  await page.getByLabel(accountsStrings.common.password, { exact: true }).fill(password)
  await page.getByRole('main').getByRole('button', { name: accountsStrings.login.submit }).click()
  await page.waitForURL('**/dashboard**')
}

export interface BookRow {
  id: string
  book_id: string
  family_access_code: string
  is_public: boolean
  birth_date: string | null
  death_date: string | null
}

/** A paid book owned by the user, as create-memory-book would have made it. */
export async function createPaidBook(owner: TestUser, fullName: string): Promise<BookRow> {
  const { data, error } = await serviceClient()
    .from('memory_books')
    .insert({
      full_name: fullName,
      creator_name: owner.fullName,
      owner_email: owner.email,
      plan_type: 'pro',
      payment_status: 'paid',
      completion_status: 'completed',
      birth_date: '1950-01-01',
      death_date: '2025-06-01',
      purchaser_user_id: owner.id,
    })
    .select('id, book_id, family_access_code, is_public, birth_date, death_date')
    .single()
  expect(error).toBeNull()
  return data as BookRow
}

export async function bookById(id: string): Promise<BookRow | null> {
  const { data, error } = await serviceClient()
    .from('memory_books')
    .select('id, book_id, family_access_code, is_public, birth_date, death_date')
    .eq('id', id)
    .maybeSingle()
  expect(error).toBeNull()
  return data as BookRow | null
}

export async function booksOf(
  email: string,
): Promise<
  Array<BookRow & { full_name: string; plan_type: string; payment_status: string; stripe_session_id: string | null }>
> {
  const { data, error } = await serviceClient()
    .from('memory_books')
    .select(
      'id, book_id, family_access_code, is_public, birth_date, death_date, full_name, plan_type, payment_status, stripe_session_id',
    )
    .eq('owner_email', email.toLowerCase())
  expect(error).toBeNull()
  return data as never
}

/** DD/MM/YYYY of today + `days` in the browser's time zone (Asia/Jerusalem in the config). */
export function dateFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date)
  return parts
}
