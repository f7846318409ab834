/**
 * /bucket routes. They run as the caller, so only the service role (BYPASSRLS) or whatever RLS
 * policies an app adds on storage.buckets may list, create, change or delete buckets.
 */
import { asRequestRole } from '../db.ts'
import { json } from '../http.ts'
import { storageCaller } from './caller.ts'
import { readJsonBody, requireBucket, type StorageRequest } from './context.ts'
import { StorageErrors } from './errors.ts'
import { assertValidBucketName } from './keys.ts'
import { parseFileSizeLimit } from './limits.ts'
import { removeObjectFiles } from './manage.ts'
import { allowDeleteQuery, deleteObjects } from './rows.ts'

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at'])
const BUCKET_JSON = `to_jsonb(b) - 'owner_id' - 'avif_autodetection'`

interface BucketBody {
  id: string
  name: string
  public: boolean
  file_size_limit: unknown
  allowed_mime_types: unknown
  type: string
}

function mimeTypesOf(value: unknown): string[] | null {
  if (value === undefined || value === null) return null
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value as string[]
  throw StorageErrors.invalidRequest('allowed_mime_types must be an array of strings')
}

async function caller(request: StorageRequest) {
  return (await storageCaller(request)).context
}

export async function listBuckets(request: StorageRequest): Promise<Response> {
  const context = await caller(request)
  const query = request.url.searchParams
  const column = SORT_COLUMNS.has(query.get('sortColumn') ?? '') ? query.get('sortColumn')! : 'name'
  const direction = query.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc'
  const limit = Number.parseInt(query.get('limit') ?? '', 10)
  const offset = Number.parseInt(query.get('offset') ?? '', 10)
  const rows = await asRequestRole(
    request.db,
    context,
    async (tx) =>
      (
        await tx.query<{ bucket: unknown }>(
          `select ${BUCKET_JSON} as "bucket" from "storage"."buckets" b
            where $1 = '' or b."name" ilike '%' || $1 || '%'
            order by b."${column}" ${direction}
            limit $2 offset $3`,
          [
            query.get('search') ?? '',
            Number.isInteger(limit) && limit >= 0 ? limit : null,
            Number.isInteger(offset) && offset >= 0 ? offset : 0,
          ],
        )
      ).rows,
    { readOnly: true },
  )
  return json(rows.map((row) => row.bucket))
}

export async function getBucket(request: StorageRequest, id: string): Promise<Response> {
  const context = await caller(request)
  const bucket = await asRequestRole(
    request.db,
    context,
    async (tx) =>
      (
        await tx.query<{ bucket: unknown }>(
          `select ${BUCKET_JSON} as "bucket" from "storage"."buckets" b where b."id" = $1`,
          [id],
        )
      ).rows[0]?.bucket,
    { readOnly: true },
  )
  if (!bucket) throw StorageErrors.noSuchBucket()
  return json(bucket)
}

export async function createBucket(request: StorageRequest): Promise<Response> {
  const { context, owner } = await storageCaller(request)
  const body = await readJsonBody<BucketBody>(request.req)
  const id = typeof body.id === 'string' && body.id ? body.id : body.name
  if (typeof id !== 'string') throw StorageErrors.invalidBucketName()
  assertValidBucketName(id)
  const values = [
    id,
    typeof body.name === 'string' && body.name ? body.name : id,
    owner.uuid,
    owner.id,
    body.public === true,
    parseFileSizeLimit(body.file_size_limit),
    mimeTypesOf(body.allowed_mime_types),
    typeof body.type === 'string' ? body.type : 'STANDARD',
  ]
  await asRequestRole(request.db, context, async (tx) => {
    try {
      await tx.query(
        `insert into "storage"."buckets" ("id", "name", "owner", "owner_id", "public", "file_size_limit", "allowed_mime_types", "type")
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        values,
      )
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw StorageErrors.bucketAlreadyExists()
      throw error
    }
  })
  return json({ name: id })
}

export async function updateBucket(request: StorageRequest, id: string): Promise<Response> {
  const context = await caller(request)
  const body = await readJsonBody<BucketBody>(request.req)
  const assignments: string[] = []
  const values: unknown[] = [id]
  const set = (column: string, value: unknown) => {
    values.push(value)
    assignments.push(`"${column}" = $${values.length}`)
  }
  if (typeof body.public === 'boolean') set('public', body.public)
  if ('file_size_limit' in body) set('file_size_limit', parseFileSizeLimit(body.file_size_limit))
  if ('allowed_mime_types' in body) set('allowed_mime_types', mimeTypesOf(body.allowed_mime_types))
  assignments.push('"updated_at" = now()')
  const updated = await asRequestRole(
    request.db,
    context,
    async (tx) =>
      (
        await tx.query(
          `update "storage"."buckets" set ${assignments.join(', ')} where "id" = $1 returning "id"`,
          values,
        )
      ).rows.length,
  )
  if (!updated) throw StorageErrors.noSuchBucket()
  return json({ message: 'Successfully updated' })
}

export async function emptyBucket(request: StorageRequest, id: string): Promise<Response> {
  const context = await caller(request)
  await requireBucket(request.db, id)
  const removed = await asRequestRole(request.db, context, (tx) => deleteObjects(tx, id, 'all'))
  await removeObjectFiles(request, id, removed)
  return json({ message: 'Successfully emptied' })
}

export async function deleteBucket(request: StorageRequest, id: string): Promise<Response> {
  const context = await caller(request)
  const { rows } = await request.db.query<{ count: number }>(
    `select count(*)::int as "count" from "storage"."objects" where "bucket_id" = $1`,
    [id],
  )
  if ((rows[0]?.count ?? 0) > 0) throw StorageErrors.bucketNotEmpty()
  const deleted = await asRequestRole(request.db, context, async (tx) => {
    await allowDeleteQuery(tx)
    return (await tx.query(`delete from "storage"."buckets" where "id" = $1 returning "id"`, [id])).rows.length
  })
  if (!deleted) throw StorageErrors.noSuchBucket()
  await request.files.removeBucket(id)
  return json({ message: 'Successfully deleted' })
}
