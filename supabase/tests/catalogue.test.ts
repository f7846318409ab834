/**
 * Structural guarantees read from the catalogue: RLS everywhere, fixed search_path on every
 * security-definer function, no update/delete policy for anonymous callers, the migrations'
 * conventions, and contracts/database.ts being what the type generator writes for this schema.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { databaseTypes } from '../../scripts/db-types.ts'
import { PROJECT_ROOT } from '../local/config.ts'
import { MIGRATIONS_DIR } from '../local/migrate.ts'
import { anonClient, createBook, signedInUser, sql, TINY_JPEG } from '../local/testing/index.ts'

const TYPES_FILE = path.join(PROJECT_ROOT, 'contracts', 'database.ts')

function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
}

describe('catalogue', () => {
  it('has row-level security enabled on every table in public', async () => {
    const tables = await sql<{ name: string; rls: boolean }>(
      `select c."relname" as "name", c."relrowsecurity" as "rls"
         from "pg_catalog"."pg_class" c
        where c."relnamespace" = 'public'::regnamespace and c."relkind" in ('r', 'p')`,
    )
    expect(tables.length).toBeGreaterThanOrEqual(14)
    expect(tables.filter((table) => !table.rls).map((table) => table.name)).toEqual([])
  })

  it('gives every security-definer function a fixed search_path', async () => {
    const functions = await sql<{ name: string; config: string[] | null }>(
      `select n."nspname" || '.' || p."proname" as "name", p."proconfig" as "config"
         from "pg_catalog"."pg_proc" p join "pg_catalog"."pg_namespace" n on n."oid" = p."pronamespace"
        where p."prosecdef" and n."nspname" in ('public', 'private')`,
    )
    expect(functions.length).toBeGreaterThan(20)
    const unfixed = functions.filter((fn) => !(fn.config ?? []).some((setting) => setting.startsWith('search_path=')))
    expect(unfixed.map((fn) => fn.name)).toEqual([])
  })

  it('has no policy that lets anonymous callers update or delete anything', async () => {
    const writePolicies = await sql<{ policy: string; roles: string[] }>(
      `select "schemaname" || '.' || "tablename" || ': ' || "policyname" as "policy", "roles"::text[] as "roles"
         from "pg_catalog"."pg_policies"
        where "cmd" in ('UPDATE', 'DELETE', 'ALL')`,
    )
    expect(writePolicies.length).toBeGreaterThan(15)
    const anonymous = writePolicies.filter((p) => p.roles.includes('anon') || p.roles.includes('public'))
    expect(anonymous.map((p) => p.policy)).toEqual([])
  })

  it('keeps trigger functions and internal helpers out of the API schema', async () => {
    const triggerFunctions = await sql<{ name: string }>(
      `select p."proname" as "name" from "pg_catalog"."pg_proc" p
        where p."pronamespace" = 'public'::regnamespace and p."prorettype" = 'trigger'::regtype`,
    )
    expect(triggerFunctions).toEqual([])
  })

  it('lets only the service role run the service-only functions', async () => {
    const grants = await sql<{ name: string; anon: boolean; authenticated: boolean; service: boolean }>(
      `select p."proname" as "name",
              has_function_privilege('anon', p."oid", 'execute') as "anon",
              has_function_privilege('authenticated', p."oid", 'execute') as "authenticated",
              has_function_privilege('service_role', p."oid", 'execute') as "service"
         from "pg_catalog"."pg_proc" p
        where p."pronamespace" = 'public'::regnamespace and p."proname" in ('redeem_coupon', 'generate_gift_code')
        order by 1`,
    )
    expect(grants).toEqual([
      { name: 'generate_gift_code', anon: false, authenticated: false, service: true },
      { name: 'redeem_coupon', anon: false, authenticated: false, service: true },
    ])
  })

  it('writes a comment above every policy and no transaction control in migrations', () => {
    const problems: string[] = []
    for (const file of migrationFiles()) {
      expect(file).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/)
      const lines = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('\n')
      lines.forEach((line, index) => {
        if (/^\s*(begin|commit|rollback)\s*;/i.test(line)) problems.push(`${file}:${index + 1} transaction control`)
        if (/^\s*create policy/i.test(line) && !/^\s*--/.test(lines[index - 1] ?? '')) {
          problems.push(`${file}:${index + 1} policy without a comment`)
        }
      })
    }
    expect(problems).toEqual([])
  })

  it('has contracts/database.ts exactly as `npm run gen:types` writes it from this schema', async () => {
    const generated = await databaseTypes((text) => sql(text), TYPES_FILE)
    expect(fs.readFileSync(TYPES_FILE, 'utf8'), 'run `npm run gen:types` after changing a migration').toBe(generated)
  })

  it('defines the memory-images bucket as private (the media function serves its files) with size and mime limits (no SVG)', async () => {
    const [bucket] = await sql<{ public: boolean; limit: number; mimes: string[] }>(
      `select "public", "file_size_limit" as "limit", "allowed_mime_types" as "mimes"
         from "storage"."buckets" where "id" = 'memory-images'`,
    )
    expect(bucket).toMatchObject({ public: false, limit: 52428800 })
    expect(bucket!.mimes).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'video/mp4', 'video/webm', 'video/quicktime']),
    )
    expect(bucket!.mimes.some((mime) => mime.includes('svg'))).toBe(false)
  })

  it('accepts uploads only under the documented folders and file types', async () => {
    const book = await createBook({ plan: 'full' })
    const user = await signedInUser({ label: 'uploader' })
    const anon = anonClient().storage.from('memory-images')
    const signedIn = user.client.storage.from('memory-images')
    const attempts = [
      anon.upload(`memories/${book.id}/photo.jpg`, TINY_JPEG, { contentType: 'image/jpeg' }),
      anon.upload(`elsewhere/${book.id}/photo.jpg`, TINY_JPEG, { contentType: 'image/jpeg' }),
      anon.upload(`memories/${book.id}/nested/photo.jpg`, TINY_JPEG, { contentType: 'image/jpeg' }),
      anon.upload(`memories/${book.id}/clip.mp4`, TINY_JPEG, { contentType: 'video/mp4' }),
      signedIn.upload(`books/${user.id}/cover.png`, TINY_JPEG, { contentType: 'image/png' }),
      signedIn.upload(`books/${user.id}/page.html`, TINY_JPEG, { contentType: 'image/png' }),
      signedIn.upload(`uploads/${user.id}/cover.png`, TINY_JPEG, { contentType: 'image/png' }),
    ]
    const outcomes = (await Promise.all(attempts)).map(({ error }) =>
      error ? (error as { statusCode?: string }).statusCode : 'ok',
    )
    expect(outcomes).toEqual(['ok', '403', '403', '403', 'ok', '403', '403'])
  })
})
