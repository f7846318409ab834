/**
 * Privileges read from the catalogue, as hosted Supabase needs them: new objects in public get no
 * grants there, so each migration grants what it creates. A table whose policies name a role
 * must be granted those commands to that role (or the Data API answers "permission denied"), and
 * no API role holds a command no policy lets it use. Every function anon or authenticated may
 * call is on a list here, so a new one is a decision, not an accident of PostgreSQL's default
 * EXECUTE for PUBLIC.
 */
import { describe, expect, it } from 'vitest'
import { sql } from '../local/testing/index.ts'

const API_ROLES = ['anon', 'authenticated'] as const
const COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const

/** Public functions anyone may call (anon and authenticated). */
const EVERYONE_FUNCTIONS = [
  'add_memory',
  'can_read_book',
  'candle_count',
  'get_book_calendar',
  'get_book_card',
  'get_book_memories',
  'is_platform_admin',
]

/** Public functions only anonymous callers use: the argument is the credential (a link's token). */
const ANON_ONLY_FUNCTIONS = ['memory_news_unsubscribe', 'reminder_confirm', 'reminder_unsubscribe']

/** Public functions only signed-in users (and the service role) may call. */
const SIGNED_IN_FUNCTIONS = [
  'admin_chat_analytics',
  'admin_cleanup_security_logs',
  'admin_create_coupon',
  'admin_delete_coupon',
  'admin_list_books',
  'admin_list_users',
  'admin_overview_counts',
  'admin_search_users',
  'admin_security_logs',
  'admin_toggle_payment_status',
  'book_export',
  'can_manage_book',
  'cancel_admin_invitation',
  'candles_lit_by',
  'create_admin_invitation',
  'create_ownership_transfer',
  'current_user_email',
  'decide_ownership_transfer',
  'family_link_key',
  'generate_family_code',
  'is_book_family_admin',
  'is_book_owner',
  'is_own_storage_folder',
  'list_book_admins',
  'log_security_event',
  'memory_news_setting',
  'my_books',
  'my_gift',
  'readable_media_urls',
  'register_ownership_transfer',
  'renew_admin_invitation_link',
  'set_memory_news',
]

/** Public functions for the edge functions alone. */
const SERVICE_ONLY_FUNCTIONS = [
  'admin_invitation_status',
  'book_for_deletion',
  'cancel_gift_as',
  'candle_family',
  'candle_light',
  'check_admin_invitation',
  'chat_open_session',
  'chat_rate_session',
  'chat_record_exchange',
  'chat_record_message',
  'chat_record_rating',
  'check_gift_code_from',
  'claim_gift_as',
  'create_gift_book',
  'delete_book_as',
  'erase_account_data',
  'family_code_check',
  'family_code_renew_by_alert',
  'forget_storage_removals',
  'hand_book_to_family_admin',
  'generate_gift_code',
  'join_book_as_admin',
  'memory_news_claim',
  'memory_news_recipients_due',
  'memory_news_release',
  'memory_news_sent',
  'queue_orphaned_storage',
  'queued_storage_removals',
  'rate_limit_hit',
  'open_checkout',
  'open_checkout_of',
  'record_admin_password_reset',
  'record_checkout_payment',
  'record_gift_refund',
  'redeem_coupon',
  'redeem_coupon_for_free_session',
  'release_gift_refund',
  'reminder_claim_send',
  'reminder_recipients',
  'reminder_release_send',
  'reminder_subscribe',
  'resend_gift_as',
  'validate_coupon',
]

/** Helpers in private that policies and trigger bodies call as the caller (anon and authenticated). */
const PRIVATE_CALLER_HELPERS = [
  'book_content_columns',
  'book_plan',
  'client_hint',
  'code_alphabet',
  'deny',
  'has_image_extension',
  'has_video_extension',
  'is_book_media_url',
  'is_book_picture_url',
  'is_project_media_url',
  'is_service_request',
  'is_trusted_caller',
  'media_stem',
  'media_url_prefix',
  'memory_images_path',
  'new_short_code',
  'random_code',
  'random_token',
  'refuse',
  'storage_book_of',
]

/** Policy helpers anonymous visitors' requests also run (memories of public books, media uploads). */
const PRIVATE_ANON_HELPERS = [
  'can_read_book',
  'can_upload_memory_media',
  'is_book_paid',
  'is_book_public_and_paid',
  'is_platform_admin',
]

/**
 * What signed-in callers' requests also run in private: the policy helpers, the privileged steps
 * the signed-in entry points of public call after checking their caller (SECURITY DEFINER, each
 * with its reason), and what the platform admin's SECURITY INVOKER functions call.
 */
const PRIVATE_SIGNED_IN_HELPERS = [
  ...PRIVATE_ANON_HELPERS,
  'add_admin_invitation',
  'book_admin_identities',
  'book_export',
  'can_manage_book',
  'contains_pattern',
  'current_user_email',
  'family_link_key',
  'is_book_family_admin',
  'is_book_owner',
  'is_live_account',
  'is_media_object_in_use',
  'log_admin_action',
  'my_books',
  'my_gift',
  'new_admin_invitation_link',
  'new_family_code',
  'open_ownership_transfer',
  'readable_media_urls',
  'register_ownership_transfer',
  'require_platform_admin',
  'resolve_book',
  'security_reports_last_hour',
  'settle_ownership_transfer',
]

interface TablePrivilege {
  table: string
  role: string
  command: string
  granted: boolean
  policy: boolean
}

async function publicTablePrivileges(): Promise<TablePrivilege[]> {
  return sql<TablePrivilege>(
    `select c."relname" as "table", r."role", m."command",
            case when m."command" = 'DELETE' then has_table_privilege(r."role", c."oid", m."command")
                 else has_any_column_privilege(r."role", c."oid", m."command") end as "granted",
            exists (
              select 1 from "pg_catalog"."pg_policies" p
               where p."schemaname" = 'public' and p."tablename" = c."relname"
                 and (p."roles" && array[r."role", 'public']::name[])
                 and p."cmd" in (m."command", 'ALL')
            ) as "policy"
       from "pg_catalog"."pg_class" c
      cross join unnest($1::text[]) as r("role")
      cross join unnest($2::text[]) as m("command")
      where c."relnamespace" = 'public'::regnamespace and c."relkind" in ('r', 'p')
      order by 1, 2, 3`,
    [API_ROLES, COMMANDS],
  )
}

async function executableFunctions(schema: string, role: string): Promise<string[]> {
  const rows = await sql<{ name: string }>(
    `select distinct p."proname" as "name" from "pg_catalog"."pg_proc" p
      where p."pronamespace" = $1::regnamespace and p."prorettype" <> 'trigger'::regtype
        and has_function_privilege($2, p."oid", 'execute')
      order by 1`,
    [schema, role],
  )
  return rows.map((row) => row.name)
}

describe('grants', () => {
  it('grants each API role every command its policies on a public table allow', async () => {
    const privileges = await publicTablePrivileges()
    expect(privileges.filter((p) => p.policy).length).toBeGreaterThan(40)
    const missing = privileges
      .filter((p) => p.policy && !p.granted)
      .map((p) => `${p.command} on ${p.table} to ${p.role}`)
    expect(missing).toEqual([])
  })

  it('grants anon and authenticated no command that no policy lets them use', async () => {
    const privileges = await publicTablePrivileges()
    const surplus = privileges
      .filter((p) => p.granted && !p.policy)
      .map((p) => `${p.command} on ${p.table} to ${p.role}`)
    expect(surplus).toEqual([])
  })

  it('grants no API role TRUNCATE, REFERENCES or TRIGGER on public tables, nor anything on sequences it does not use', async () => {
    const extra = await sql<{ grant: string }>(
      `select r."role" || ' ' || m."privilege" || ' on ' || c."relname" as "grant"
         from "pg_catalog"."pg_class" c
        cross join unnest(array['anon', 'authenticated', 'service_role']) as r("role")
        cross join unnest(array['TRUNCATE', 'REFERENCES', 'TRIGGER']) as m("privilege")
        where c."relnamespace" = 'public'::regnamespace and c."relkind" in ('r', 'p')
          and has_table_privilege(r."role", c."oid", m."privilege")`,
    )
    expect(extra).toEqual([])
  })

  it('lets anon call exactly the functions meant for anyone', async () => {
    expect(await executableFunctions('public', 'anon')).toEqual([...EVERYONE_FUNCTIONS, ...ANON_ONLY_FUNCTIONS].sort())
  })

  it('lets authenticated call exactly the functions meant for everyone and for signed-in users', async () => {
    expect(await executableFunctions('public', 'authenticated')).toEqual(
      [...EVERYONE_FUNCTIONS, ...SIGNED_IN_FUNCTIONS].sort(),
    )
  })

  it('keeps the service-only functions from PUBLIC, anon and authenticated', async () => {
    const rows = await sql<{ name: string; callers: string[] }>(
      `select p."proname" as "name",
              array(select r from unnest(array['public', 'anon', 'authenticated', 'service_role']) r
                     where case when r = 'public'
                                then exists (select 1 from aclexplode(coalesce(p."proacl", acldefault('f', p."proowner"))) a
                                              where a."grantee" = 0 and a."privilege_type" = 'EXECUTE')
                                else has_function_privilege(r, p."oid", 'execute') end) as "callers"
         from "pg_catalog"."pg_proc" p
        where p."pronamespace" = 'public'::regnamespace and p."proname" = any($1::text[])
        order by 1`,
      [SERVICE_ONLY_FUNCTIONS],
    )
    expect(rows).toEqual([...SERVICE_ONLY_FUNCTIONS].sort().map((name) => ({ name, callers: ['service_role'] })))
  })

  it('lets anon and authenticated call only the listed caller-side helpers in private', async () => {
    expect(await executableFunctions('private', 'anon')).toEqual(
      [...PRIVATE_CALLER_HELPERS, ...PRIVATE_ANON_HELPERS].sort(),
    )
    expect(await executableFunctions('private', 'authenticated')).toEqual(
      [...PRIVATE_CALLER_HELPERS, ...PRIVATE_SIGNED_IN_HELPERS].sort(),
    )
  })

  it('gives the API roles nothing on the auth tables, and keeps row level security on them', async () => {
    const rows = await sql<{ table: string; rls: boolean; granted: string[] }>(
      `select c."relname" as "table", c."relrowsecurity" as "rls",
              array(select r from unnest(array['anon', 'authenticated', 'service_role']) r
                     where has_table_privilege(r, c."oid", 'select, insert, update, delete')) as "granted"
         from "pg_catalog"."pg_class" c
        where c."relnamespace" = 'auth'::regnamespace and c."relname" in ('users', 'identities', 'sessions', 'refresh_tokens')
        order by 1`,
    )
    expect(rows).toEqual(
      ['identities', 'refresh_tokens', 'sessions', 'users'].map((table) => ({ table, rls: true, granted: [] })),
    )
  })

  it('refuses a direct DELETE on storage.objects and storage.buckets, as hosted Storage does', async () => {
    await expect(sql(`delete from "storage"."objects" where false`)).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    )
    await expect(sql(`delete from "storage"."buckets" where false`)).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    )
  })

  it("sets hosted's statement timeouts on the API roles", async () => {
    const rows = await sql<{ role: string; settings: string[] }>(
      `select r."rolname" as "role", s."setconfig" as "settings"
         from "pg_catalog"."pg_db_role_setting" s join "pg_catalog"."pg_roles" r on r."oid" = s."setrole"
        where s."setdatabase" = 0 and r."rolname" in ('anon', 'authenticated')
        order by 1`,
    )
    expect(rows).toEqual([
      { role: 'anon', settings: expect.arrayContaining(['statement_timeout=3s']) },
      { role: 'authenticated', settings: expect.arrayContaining(['statement_timeout=8s']) },
    ])
  })
})
