import type { Stack } from '../types.ts'

/**
 * The project URL the database checks media URLs against (public.project_settings): on hosted
 * Supabase one SQL insert at deploy time, here the gateway's address at every start.
 */
export async function writeProjectUrl(stack: Stack): Promise<void> {
  await stack.db.query(
    `insert into "public"."project_settings" ("project_url") values ($1)
     on conflict ("id") do update set "project_url" = excluded."project_url", "updated_at" = now()`,
    [stack.urls.api.replace(/\/+$/, '')],
  )
}
