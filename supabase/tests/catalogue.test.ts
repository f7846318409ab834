/**
 * Structural guarantees read from the catalogue: RLS everywhere, fixed search_path on every
 * security-definer function, no update/delete policy for anonymous callers, the migrations'
 * conventions, and src/types/database.ts matching the schema column by column.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../local/config.ts'
import { MIGRATIONS_DIR } from '../local/migrate.ts'
import { sql } from '../local/testing/clients.ts'
import { TINY_JPEG, anonymousClient, createBook, createUser } from './support/fixtures.ts'

const TYPES_FILE = path.join(PROJECT_ROOT, 'src', 'types', 'database.ts')

function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
}

/** `name: type;` lines of each table's Row block in database.ts. */
function typedTableColumns(source: string): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>()
  const tablePattern = /^ {6}(\w+): \{\n {8}Row: \{\n([\s\S]*?)\n {8}\};/gm
  for (const match of source.matchAll(tablePattern)) {
    const columns = new Map<string, string>()
    for (const line of match[2]!.split('\n')) {
      const column = /^ {10}(\w+): (.+);$/.exec(line)
      if (column) columns.set(column[1]!, column[2]!)
    }
    tables.set(match[1]!, columns)
  }
  return tables
}

/** Each function of database.ts with its argument names, `?` marking those with a default. */
function typedFunctions(source: string): Map<string, string[]> {
  const block = source.slice(source.indexOf('    Functions: {'), source.indexOf('    Enums: {'))
  const functions = new Map<string, string[]>()
  const entries = block.split(/^ {6}(?=\w+: \{)/m).slice(1)
  for (const entry of entries) {
    const name = /^(\w+):/.exec(entry)![1]!
    const args = /Args: (never|\{([\s\S]*?)\});/.exec(entry)
    if (!args) throw new Error(`no Args for ${name} in database.ts`)
    const argNames = args[1] === 'never' ? [] : [...args[2]!.matchAll(/(\w+\??):/g)].map((m) => m[1]!)
    functions.set(name, argNames.sort())
  }
  return functions
}

/** The TypeScript type gen-types writes for a PostgreSQL column. */
function expectedTsType(dataType: string, nullable: boolean): string {
  const base: Record<string, string> = {
    text: 'string',
    uuid: 'string',
    date: 'string',
    'timestamp with time zone': 'string',
    boolean: 'boolean',
    integer: 'number',
    bigint: 'number',
    numeric: 'number',
    jsonb: 'Json',
    ARRAY: 'string[]',
  }
  const type = base[dataType]
  if (!type) throw new Error(`no TypeScript mapping for ${dataType}`)
  return nullable ? `${type} | null` : type
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

  it('has src/types/database.ts match every column of every public table', async () => {
    const typed = typedTableColumns(fs.readFileSync(TYPES_FILE, 'utf8'))
    const columns = await sql<{ table: string; column: string; type: string; nullable: string }>(
      `select c."table_name" as "table", c."column_name" as "column", c."data_type" as "type", c."is_nullable" as "nullable"
         from "information_schema"."columns" c
         join "pg_catalog"."pg_class" t on t."relname" = c."table_name" and t."relnamespace" = 'public'::regnamespace
        where c."table_schema" = 'public' and t."relkind" = 'r'`,
    )
    const mismatches: string[] = []
    const tableNames = new Set(columns.map((c) => c.table))
    expect([...typed.keys()].sort()).toEqual([...tableNames].sort())
    for (const column of columns) {
      const tsType = typed.get(column.table)?.get(column.column)
      const expected = expectedTsType(column.type, column.nullable === 'YES')
      if (tsType !== expected) mismatches.push(`${column.table}.${column.column}: ${tsType} ≠ ${expected}`)
    }
    for (const [table, typedColumns] of typed) {
      for (const name of typedColumns.keys()) {
        if (!columns.some((c) => c.table === table && c.column === name))
          mismatches.push(`${table}.${name}: not in the database`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('has src/types/database.ts list exactly the functions of public with their arguments', async () => {
    const functions = await sql<{ name: string; args: string[] }>(
      `select p."proname" as "name",
              array(select a."name" || case when a."position" > p."pronargs" - p."pronargdefaults" then '?' else '' end
                      from unnest(coalesce(p."proargnames", '{}'::text[])) with ordinality as a("name", "position")
                     where a."position" <= p."pronargs"
                     order by 1) as "args"
         from "pg_catalog"."pg_proc" p
        where p."pronamespace" = 'public'::regnamespace
        order by 1`,
    )
    const typed = typedFunctions(fs.readFileSync(TYPES_FILE, 'utf8'))
    expect([...typed.keys()].sort()).toEqual(functions.map((fn) => fn.name))
    for (const fn of functions) expect(typed.get(fn.name), fn.name).toEqual([...fn.args].sort())
  })

  it('defines the memory-images bucket as public with size and mime limits (no SVG)', async () => {
    const [bucket] = await sql<{ public: boolean; limit: number; mimes: string[] }>(
      `select "public", "file_size_limit" as "limit", "allowed_mime_types" as "mimes"
         from "storage"."buckets" where "id" = 'memory-images'`,
    )
    expect(bucket).toMatchObject({ public: true, limit: 52428800 })
    expect(bucket!.mimes).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'video/mp4', 'video/webm', 'video/quicktime']),
    )
    expect(bucket!.mimes.some((mime) => mime.includes('svg'))).toBe(false)
  })

  it('accepts uploads only under the documented folders and file types', async () => {
    const book = await createBook({ plan: 'full' })
    const user = await createUser('uploader')
    const anon = anonymousClient().storage.from('memory-images')
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
