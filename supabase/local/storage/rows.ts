/**
 * SQL over storage.buckets and storage.objects. Every function takes the Queryable it runs on:
 * the owner connection for Supabase's "as super user" lookups, or a transaction already switched
 * to the caller's role, so RLS decides what the caller may see and change.
 */
import type { Queryable } from '../db.ts'
import type { BucketLimits } from './limits.ts'

export interface BucketRow extends BucketLimits {
  id: string
  public: boolean
}

/** What storage keeps in `storage.objects.metadata`. */
export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRecord {
  id: string
  name: string
  version: string | null
  metadata: ObjectMetadata | null
  /** The row as JSON built in SQL (timestamps formatted by PostgreSQL), without path_tokens. */
  row: Record<string, unknown>
}

export interface NewObject {
  bucket: string
  key: string
  owner: { uuid: string | null; id: string | null }
  metadata: ObjectMetadata
  userMetadata: Record<string, unknown> | null
  version: string
}

const OBJECT_COLUMNS = `o."id", o."name", o."version", o."metadata", to_jsonb(o) - 'path_tokens' as "row"`

export async function findBucket(q: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await q.query<BucketRow>(
    `select "id", "public", "file_size_limit", "allowed_mime_types" from "storage"."buckets" where "id" = $1`,
    [id],
  )
  const bucket = rows[0]
  return (
    bucket && { ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) }
  )
}

export async function findObject(
  q: Queryable,
  bucket: string,
  key: string,
  forUpdate = false,
): Promise<ObjectRecord | undefined> {
  const { rows } = await q.query<ObjectRecord>(
    `select ${OBJECT_COLUMNS} from "storage"."objects" o where o."bucket_id" = $1 and o."name" = $2${forUpdate ? ' for update' : ''}`,
    [bucket, key],
  )
  return rows[0]
}

/** On upsert, an upload without metadata keeps the previous user metadata, as Supabase does. */
export async function insertObject(q: Queryable, object: NewObject, upsert: boolean): Promise<string> {
  const conflict = upsert
    ? `on conflict ("bucket_id", "name") do update set
         "owner" = excluded."owner", "owner_id" = excluded."owner_id", "metadata" = excluded."metadata",
         "user_metadata" = coalesce(excluded."user_metadata", "objects"."user_metadata"), "version" = excluded."version",
         "updated_at" = now(), "last_accessed_at" = now()`
    : ''
  const { rows } = await q.query<{ id: string }>(
    `insert into "storage"."objects" ("bucket_id", "name", "owner", "owner_id", "metadata", "user_metadata", "version")
     values ($1, $2, $3, $4, $5, $6, $7) ${conflict}
     returning "id"`,
    [
      object.bucket,
      object.key,
      object.owner.uuid,
      object.owner.id,
      JSON.stringify(object.metadata),
      object.userMetadata === null ? null : JSON.stringify(object.userMetadata),
      object.version,
    ],
  )
  return rows[0]!.id
}

/** Replaces an existing object's content (`update()`); undefined when no visible row matched. */
export async function replaceObject(q: Queryable, object: NewObject): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>(
    `update "storage"."objects"
        set "owner" = $3, "owner_id" = $4, "metadata" = $5, "user_metadata" = coalesce($6, "user_metadata"),
            "version" = $7, "updated_at" = now(), "last_accessed_at" = now()
      where "bucket_id" = $1 and "name" = $2
      returning "id"`,
    [
      object.bucket,
      object.key,
      object.owner.uuid,
      object.owner.id,
      JSON.stringify(object.metadata),
      object.userMetadata === null ? null : JSON.stringify(object.userMetadata),
      object.version,
    ],
  )
  return rows[0]?.id
}

/** Deletes the named objects (or all of the bucket's) that RLS lets this Queryable delete. */
/**
 * The database refuses a DELETE on storage.objects/storage.buckets unless this is set, so only the
 * storage service deletes their rows (as hosted Storage does, for the current transaction only).
 */
export async function allowDeleteQuery(q: Queryable): Promise<void> {
  await q.query(`select set_config('storage.allow_delete_query', 'true', true)`)
}

export async function deleteObjects(q: Queryable, bucket: string, keys: string[] | 'all'): Promise<ObjectRecord[]> {
  await allowDeleteQuery(q)
  const byName = keys === 'all' ? '' : ' and o."name" = any($2::text[])'
  const { rows } = await q.query<ObjectRecord>(
    `delete from "storage"."objects" o where o."bucket_id" = $1${byName} returning ${OBJECT_COLUMNS}`,
    keys === 'all' ? [bucket] : [bucket, keys],
  )
  return rows
}

export async function renameObject(
  q: Queryable,
  from: { bucket: string; key: string },
  to: { bucket: string; key: string },
): Promise<ObjectRecord | undefined> {
  const { rows } = await q.query<ObjectRecord>(
    `update "storage"."objects" o set "bucket_id" = $3, "name" = $4, "updated_at" = now()
      where o."bucket_id" = $1 and o."name" = $2
      returning ${OBJECT_COLUMNS}`,
    [from.bucket, from.key, to.bucket, to.key],
  )
  return rows[0]
}

/** Inserts a copy of a visible source row under a new name; undefined when the source is not visible. */
export async function copyObjectRow(
  q: Queryable,
  from: { bucket: string; key: string },
  to: { bucket: string; key: string; owner: NewObject['owner']; version: string },
): Promise<{ id: string; sourceVersion: string | null } | undefined> {
  const { rows } = await q.query<{ id: string; sourceVersion: string | null }>(
    `with "source" as (
       select "metadata", "user_metadata", "version" from "storage"."objects" where "bucket_id" = $1 and "name" = $2
     ), "inserted" as (
       insert into "storage"."objects" ("bucket_id", "name", "owner", "owner_id", "metadata", "user_metadata", "version")
       select $3, $4, $5, $6, "metadata", "user_metadata", $7 from "source"
       returning "id"
     )
     select "inserted"."id", "source"."version" as "sourceVersion" from "inserted", "source"`,
    [from.bucket, from.key, to.bucket, to.key, to.owner.uuid, to.owner.id, to.version],
  )
  return rows[0]
}
