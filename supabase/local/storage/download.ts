/**
 * Reading objects: authenticated download / HEAD / info (RLS SELECT as the caller, unless the
 * bucket is public), the public URL (no auth; public buckets only) and signed URLs (token only).
 */
import { asRequestRole } from '../db.ts'
import { json } from '../http.ts'
import { storageCaller } from './caller.ts'
import { requireBucket, type StorageRequest } from './context.ts'
import { StorageErrors } from './errors.ts'
import { fullKey, type ObjectAddress } from './keys.ts'
import { findObject, type ObjectRecord } from './rows.ts'
import { serveObject } from './serve.ts'
import { verifyObjectToken } from './tokens.ts'

/** Who may read: the caller through RLS, or nobody checked (public bucket, valid signed token). */
type ReadAccess = 'caller' | 'public' | 'signed'

async function findReadableObject(
  request: StorageRequest,
  address: ObjectAddress,
  access: ReadAccess,
): Promise<ObjectRecord> {
  const { db } = request
  const bucket = await requireBucket(db, address.bucket)
  let object: ObjectRecord | undefined
  if (access === 'public' && !bucket.public) throw StorageErrors.noSuchBucket()
  if (access === 'caller' && !bucket.public) {
    const caller = await storageCaller(request)
    object = await asRequestRole(db, caller.context, (tx) => findObject(tx, address.bucket, address.key), {
      readOnly: true,
    })
  } else {
    if (access === 'caller') await storageCaller(request) // a bad JWT is refused even here
    object = await findObject(db, address.bucket, address.key)
  }
  if (!object) throw StorageErrors.noSuchKey()
  return object
}

async function serve(request: StorageRequest, address: ObjectAddress, object: ObjectRecord): Promise<Response> {
  const version = object.version ?? ''
  const bytes = await request.files.read({ bucket: address.bucket, key: address.key, version })
  if (!bytes) {
    const response = StorageErrors.fileMissing().toResponse()
    response.headers.set('cache-control', 'no-store')
    return response
  }
  return serveObject(request.req, {
    key: address.key,
    bytes,
    metadata: object.metadata,
    download: request.url.searchParams.get('download'),
  })
}

/** GET/HEAD /object/{b}/{path} and /object/authenticated/{b}/{path}. */
export async function downloadObject(request: StorageRequest, address: ObjectAddress): Promise<Response> {
  return serve(request, address, await findReadableObject(request, address, 'caller'))
}

/** GET/HEAD /object/public/{b}/{path}: what an `<img>` fetches, without any header. */
export async function downloadPublicObject(request: StorageRequest, address: ObjectAddress): Promise<Response> {
  return serve(request, address, await findReadableObject(request, address, 'public'))
}

/** GET /object/sign/{b}/{path}?token=… */
export async function downloadSignedObject(request: StorageRequest, address: ObjectAddress): Promise<Response> {
  await verifyObjectToken(request.url.searchParams.get('token'), fullKey(address))
  return serve(request, address, await findReadableObject(request, address, 'signed'))
}

/** GET /object/info/{b}/{path}: the shape of Supabase's info renderer (storage-js camel-cases it). */
export async function objectInfo(
  request: StorageRequest,
  address: ObjectAddress,
  access: 'caller' | 'public',
): Promise<Response> {
  const object = await findReadableObject(request, address, access)
  const { row, metadata } = object
  return json({
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: row.bucket_id,
    size: metadata?.size ?? null,
    content_type: metadata?.mimetype ?? null,
    cache_control: metadata?.cacheControl ?? null,
    etag: metadata?.eTag ?? null,
    metadata: row.user_metadata ?? null,
    last_modified: row.updated_at,
    created_at: row.created_at,
  })
}
