/**
 * Uploads: POST /object/{b}/{path} (x-upsert), PUT /object/{b}/{path} (update), signed upload
 * URLs. The row is written as the caller (RLS INSERT, plus UPDATE on upsert) and the file is
 * written only once that succeeded, inside the same transaction, so a refused or failed upload
 * leaves nothing behind.
 */
import { createHash, randomUUID } from 'node:crypto'
import { applyRequestContext, type RequestContext } from '../db.ts'
import { json } from '../http.ts'
import { storageCaller } from './caller.ts'
import { assertContentMatches } from './content-check.ts'
import { readJsonBody, requireBucket, testPermission, type StorageRequest } from './context.ts'
import { StorageErrors } from './errors.ts'
import { assertValidKey, fullKey, type ObjectAddress } from './keys.ts'
import { enforceLimits } from './limits.ts'
import { findObject, insertObject, replaceObject, type NewObject, type ObjectMetadata } from './rows.ts'
import { signUploadToken, verifyObjectToken } from './tokens.ts'
import { readUploadPayload, type UploadPayload } from './upload-body.ts'

type UploadMode = 'create' | 'upsert' | 'update'

function metadataOf(payload: UploadPayload): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(payload.bytes).digest('hex')}"`,
    size: payload.bytes.length,
    mimetype: payload.mimetype,
    cacheControl: payload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: payload.bytes.length,
    httpStatusCode: 200,
  }
}

interface StoreInput {
  address: ObjectAddress
  owner: NewObject['owner']
  mode: UploadMode
  /** The caller's context for RLS; undefined = write as the owner (signed upload URLs). */
  context?: RequestContext
}

/** Checks limits, writes row + file, removes the replaced version's file; answers {Key, Id}. */
async function storeObject(request: StorageRequest, input: StoreInput): Promise<Response> {
  const { db, files } = request
  const { address } = input
  assertValidKey(address.key)
  const bucket = await requireBucket(db, address.bucket)
  const payload = await readUploadPayload(request.req)
  enforceLimits(bucket, payload.bytes.length, payload.mimetype)
  await assertContentMatches(payload.bytes, payload.mimetype, bucket.allowed_mime_types)

  const object: NewObject = {
    bucket: address.bucket,
    key: address.key,
    owner: input.owner,
    metadata: metadataOf(payload),
    userMetadata: payload.userMetadata,
    version: randomUUID(),
  }
  const { id, replacedVersion } = await db.transaction(async (tx) => {
    const replaced = input.mode === 'create' ? undefined : await findObject(tx, address.bucket, address.key, true)
    if (input.context) await applyRequestContext(tx, input.context)
    const written =
      input.mode === 'update'
        ? await replaceObject(tx, object)
        : await insertObject(tx, object, input.mode === 'upsert')
    if (!written) throw StorageErrors.noSuchKey()
    await files.write({ bucket: address.bucket, key: address.key, version: object.version }, payload.bytes)
    return { id: written, replacedVersion: replaced?.version ?? null }
  })
  if (replacedVersion) await files.remove({ bucket: address.bucket, key: address.key, version: replacedVersion })
  return json({ Key: fullKey(address), Id: id })
}

export async function uploadObject(
  request: StorageRequest,
  address: ObjectAddress,
  method: 'POST' | 'PUT',
): Promise<Response> {
  const caller = await storageCaller(request)
  const upsert = request.req.headers.get('x-upsert') === 'true'
  const mode: UploadMode = method === 'PUT' ? 'update' : upsert ? 'upsert' : 'create'
  return storeObject(request, { address, owner: caller.owner, mode, context: caller.context })
}

/** POST /object/upload/sign/{b}/{path}: allowed only if the caller could upload it now. */
export async function createSignedUploadUrl(request: StorageRequest, address: ObjectAddress): Promise<Response> {
  const caller = await storageCaller(request)
  assertValidKey(address.key)
  await requireBucket(request.db, address.bucket)
  await readJsonBody(request.req)
  const upsert = request.req.headers.get('x-upsert') === 'true'
  const probe: NewObject = {
    bucket: address.bucket,
    key: address.key,
    owner: caller.owner,
    metadata: metadataOf({
      bytes: new Uint8Array(),
      mimetype: 'application/octet-stream',
      cacheControl: '',
      userMetadata: null,
    }),
    userMetadata: null,
    version: randomUUID(),
  }
  await testPermission(request.db, caller.context, (tx) => insertObject(tx, probe, upsert))
  const key = fullKey(address)
  const token = await signUploadToken(key, caller.owner.id, upsert)
  return json({ url: `/object/upload/sign/${key}?token=${token}`, token })
}

/** PUT /object/upload/sign/{b}/{path}?token=…: no auth header; the token carries owner and upsert. */
export async function uploadToSignedUrl(request: StorageRequest, address: ObjectAddress): Promise<Response> {
  const claims = await verifyObjectToken(request.url.searchParams.get('token'), fullKey(address))
  const ownerId = typeof claims.owner === 'string' ? claims.owner : null
  const owner = { uuid: ownerId && /^[0-9a-f-]{36}$/i.test(ownerId) ? ownerId : null, id: ownerId }
  return storeObject(request, { address, owner, mode: claims.upsert === true ? 'upsert' : 'create' })
}
