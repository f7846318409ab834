/**
 * Signed download URLs: POST /object/sign/{b}/{path} and POST /object/sign/{b} (many). Signing
 * needs the caller to see the object (RLS SELECT); the URL is relative to the storage base.
 */
import { asRequestRole } from '../db.ts'
import { json } from '../http.ts'
import { storageCaller } from './caller.ts'
import { readJsonBody, requireBucket, type StorageRequest } from './context.ts'
import { StorageErrors } from './errors.ts'
import { fullKey, type ObjectAddress } from './keys.ts'
import { findObject } from './rows.ts'
import { signDownloadToken } from './tokens.ts'

function expiresInOf(value: unknown): number {
  const seconds = Number(value)
  if (!Number.isFinite(seconds) || seconds < 1) throw StorageErrors.missingParameter('expiresIn')
  return Math.floor(seconds)
}

async function signedUrl(key: string, expiresIn: number): Promise<string> {
  return `/object/sign/${key}?token=${await signDownloadToken(key, expiresIn)}`
}

export async function signObject(request: StorageRequest, address: ObjectAddress): Promise<Response> {
  const caller = await storageCaller(request)
  const body = await readJsonBody<{ expiresIn: unknown }>(request.req)
  const expiresIn = expiresInOf(body.expiresIn)
  await requireBucket(request.db, address.bucket)
  const object = await asRequestRole(request.db, caller.context, (tx) => findObject(tx, address.bucket, address.key), {
    readOnly: true,
  })
  if (!object) throw StorageErrors.noSuchKey()
  return json({ signedURL: await signedUrl(fullKey(address), expiresIn) })
}

export async function signObjects(request: StorageRequest, bucket: string): Promise<Response> {
  const caller = await storageCaller(request)
  const body = await readJsonBody<{ expiresIn: unknown; paths: unknown }>(request.req)
  const expiresIn = expiresInOf(body.expiresIn)
  if (!Array.isArray(body.paths) || body.paths.some((path) => typeof path !== 'string')) {
    throw StorageErrors.missingParameter('paths')
  }
  const paths = body.paths as string[]
  await requireBucket(request.db, bucket)
  const visible = await asRequestRole(
    request.db,
    caller.context,
    async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        `select "name" from "storage"."objects" where "bucket_id" = $1 and "name" = any($2::text[])`,
        [bucket, paths],
      )
      return new Set(rows.map((row) => row.name))
    },
    { readOnly: true },
  )
  const results = await Promise.all(
    paths.map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: await signedUrl(`${bucket}/${path}`, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  )
  return json(results)
}
