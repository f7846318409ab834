/**
 * Removing, moving and copying objects, each as the caller (RLS DELETE / UPDATE / SELECT+INSERT).
 * File operations happen inside the row's transaction so a refused change leaves the disk alone.
 */
import { randomUUID } from 'node:crypto'
import { asRequestRole } from '../db.ts'
import { json } from '../http.ts'
import { storageCaller } from './caller.ts'
import { readJsonBody, requireBucket, type StorageRequest } from './context.ts'
import { StorageErrors } from './errors.ts'
import { assertValidKey, type ObjectAddress } from './keys.ts'
import { copyObjectRow, deleteObjects, renameObject, type ObjectRecord } from './rows.ts'

export async function removeObjectFiles(
  request: StorageRequest,
  bucket: string,
  removed: ObjectRecord[],
): Promise<void> {
  for (const object of removed) {
    if (object.version) await request.files.remove({ bucket, key: object.name, version: object.version })
  }
}

async function deleteAsCaller(request: StorageRequest, bucket: string, keys: string[]): Promise<ObjectRecord[]> {
  const caller = await storageCaller(request)
  await requireBucket(request.db, bucket)
  const removed = await asRequestRole(request.db, caller.context, (tx) => deleteObjects(tx, bucket, keys))
  await removeObjectFiles(request, bucket, removed)
  return removed
}

/** DELETE /object/{b} {prefixes}: the deleted rows; keys that are missing or hidden are skipped. */
export async function removeObjects(request: StorageRequest, bucket: string): Promise<Response> {
  const { prefixes } = await readJsonBody<{ prefixes: unknown }>(request.req)
  if (!Array.isArray(prefixes) || prefixes.some((prefix) => typeof prefix !== 'string')) {
    throw StorageErrors.missingParameter('prefixes')
  }
  const removed = await deleteAsCaller(request, bucket, prefixes as string[])
  return json(removed.map((object) => object.row))
}

/** DELETE /object/{b}/{path} */
export async function deleteObject(request: StorageRequest, address: ObjectAddress): Promise<Response> {
  const removed = await deleteAsCaller(request, address.bucket, [address.key])
  if (removed.length === 0) throw StorageErrors.noSuchKey()
  return json({ message: 'Successfully deleted' })
}

interface TransferBody {
  bucketId: string
  sourceKey: string
  destinationKey: string
  destinationBucket?: string
}

async function readTransfer(request: StorageRequest) {
  const body = await readJsonBody<TransferBody>(request.req)
  for (const field of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '') throw StorageErrors.missingParameter(field)
  }
  const from = { bucket: body.bucketId!, key: body.sourceKey! }
  const to = { bucket: body.destinationBucket || body.bucketId!, key: body.destinationKey! }
  assertValidKey(to.key)
  await requireBucket(request.db, from.bucket)
  if (to.bucket !== from.bucket) await requireBucket(request.db, to.bucket)
  return { from, to, caller: await storageCaller(request) }
}

/** POST /object/move */
export async function moveObject(request: StorageRequest): Promise<Response> {
  const { from, to, caller } = await readTransfer(request)
  await asRequestRole(request.db, caller.context, async (tx) => {
    const moved = await renameObject(tx, from, to)
    if (!moved) throw StorageErrors.noSuchKey()
    if (moved.version) {
      await request.files.move({ ...from, version: moved.version }, { ...to, version: moved.version })
    }
  })
  return json({ message: 'Successfully moved' })
}

/** POST /object/copy */
export async function copyObject(request: StorageRequest): Promise<Response> {
  const { from, to, caller } = await readTransfer(request)
  const version = randomUUID()
  const id = await asRequestRole(request.db, caller.context, async (tx) => {
    const copied = await copyObjectRow(tx, from, { ...to, owner: caller.owner, version })
    if (!copied) throw StorageErrors.noSuchKey()
    if (copied.sourceVersion) await request.files.copy({ ...from, version: copied.sourceVersion }, { ...to, version })
    return copied.id
  })
  return json({ Id: id, Key: `${to.bucket}/${to.key}` })
}
