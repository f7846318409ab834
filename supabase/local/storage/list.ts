/**
 * POST /object/list/{b}: the direct children of a folder prefix, names relative
 * to it, sub-folders as rows whose id/timestamps/metadata are null. Runs as the caller, so RLS
 * SELECT on storage.objects decides which files (and therefore folders) exist for them.
 */
import { asRequestRole } from '../db.ts'
import { json } from '../http.ts'
import { storageCaller } from './caller.ts'
import { readJsonBody, requireBucket, type StorageRequest } from './context.ts'

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at'])
const MAX_LIMIT = 1500

interface ListBody {
  prefix: string
  limit: number
  offset: number
  sortBy: { column?: string; order?: string }
  search: string
}

function folderPrefix(prefix: unknown): string {
  const text = typeof prefix === 'string' ? prefix.replace(/^\/+/, '') : ''
  return text === '' || text.endsWith('/') ? text : `${text}/`
}

function boundedInt(value: unknown, fallback: number, max: number): number {
  const number = Number(value)
  return Number.isInteger(number) && number >= 0 ? Math.min(number, max) : fallback
}

function orderClause(sortBy: ListBody['sortBy'] | undefined): string {
  const column = sortBy?.column && SORT_COLUMNS.has(sortBy.column) ? sortBy.column : 'name'
  const direction = sortBy?.order?.toLowerCase() === 'desc' ? 'desc' : 'asc'
  const sortKey = column === 'name' ? `"name" collate "C"` : `"${column}"`
  return `${sortKey} ${direction}, "name" collate "C" ${direction}`
}

const LIST_SQL = (order: string) => `
  with "entries" as (
    select substr(o."name", char_length($2) + 1) as "rest", o."id", o."updated_at", o."created_at",
           o."last_accessed_at", o."metadata"
      from "storage"."objects" o
     where o."bucket_id" = $1 and starts_with(o."name", $2)
  ), "listing" as (
    select distinct split_part("rest", '/', 1) as "name", null::uuid as "id", null::timestamptz as "updated_at",
           null::timestamptz as "created_at", null::timestamptz as "last_accessed_at", null::jsonb as "metadata"
      from "entries" where position('/' in "rest") > 0
    union all
    select "rest", "id", "updated_at", "created_at", "last_accessed_at", "metadata"
      from "entries" where position('/' in "rest") = 0
  )
  select jsonb_build_object('name', "name", 'id', "id", 'updated_at', "updated_at", 'created_at', "created_at",
                            'last_accessed_at', "last_accessed_at", 'metadata', "metadata") as "entry"
    from "listing"
   where $3 = '' or starts_with(lower("name"), lower($3))
   order by ${order}
   limit $4 offset $5`

export async function listObjects(request: StorageRequest, bucket: string): Promise<Response> {
  const caller = await storageCaller(request)
  const body = await readJsonBody<ListBody>(request.req)
  await requireBucket(request.db, bucket)
  const params = [
    bucket,
    folderPrefix(body.prefix),
    typeof body.search === 'string' ? body.search : '',
    boundedInt(body.limit, 100, MAX_LIMIT),
    boundedInt(body.offset, 0, Number.MAX_SAFE_INTEGER),
  ]
  const entries = await asRequestRole(
    request.db,
    caller.context,
    async (tx) => (await tx.query<{ entry: unknown }>(LIST_SQL(orderClause(body.sortBy)), params)).rows,
    { readOnly: true },
  )
  return json(entries.map((row) => row.entry))
}
