/**
 * `/storage/v1`: Supabase Storage's HTTP API over storage.buckets/objects in the
 * stack's database and files under `<dataDir>/storage`. Image transformations are not
 * implemented: `/render/image/...` URLs serve the original image unchanged.
 */
import type { Stack, StackService } from '../types.ts'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts'
import type { StorageRequest } from './context.ts'
import { downloadObject, downloadPublicObject, downloadSignedObject, objectInfo } from './download.ts'
import { StorageErrors, toStorageError } from './errors.ts'
import { FileStore } from './file-store.ts'
import { parseObjectAddress } from './keys.ts'
import { listObjects } from './list.ts'
import { copyObject, deleteObject, moveObject, removeObjects } from './manage.ts'
import { signObject, signObjects } from './signing.ts'
import { createSignedUploadUrl, uploadObject, uploadToSignedUrl } from './upload.ts'

type Handler = () => Promise<Response>

function decodeBucketId(segment: string | undefined): string {
  if (!segment) throw StorageErrors.missingParameter('bucketName')
  return parseObjectAddress([segment]).bucket
}

function bucketRoute(request: StorageRequest, method: string, [id, action, ...extra]: string[]): Handler | undefined {
  if (extra.length) return undefined
  if (id === undefined || id === '') {
    if (method === 'GET') return () => listBuckets(request)
    if (method === 'POST') return () => createBucket(request)
    return undefined
  }
  const bucket = decodeBucketId(id)
  if (action === 'empty' && method === 'POST') return () => emptyBucket(request, bucket)
  if (action !== undefined) return undefined
  if (method === 'GET') return () => getBucket(request, bucket)
  if (method === 'PUT') return () => updateBucket(request, bucket)
  if (method === 'DELETE') return () => deleteBucket(request, bucket)
  return undefined
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/** /object/public|authenticated|sign/{b}/{path}, shared by /object and /render/image. */
function readRoute(request: StorageRequest, method: string, access: string, rest: string[]): Handler | undefined {
  if (!isRead(method) || rest.length < 2) return undefined
  const address = parseObjectAddress(rest)
  if (access === 'public') return () => downloadPublicObject(request, address)
  if (access === 'authenticated') return () => downloadObject(request, address)
  if (access === 'sign') return () => downloadSignedObject(request, address)
  return undefined
}

function objectRoute(request: StorageRequest, method: string, segments: string[]): Handler | undefined {
  const [first, second, ...others] = segments
  const rest = segments.slice(1)
  switch (first) {
    case 'public':
    case 'authenticated':
      return readRoute(request, method, first, rest)
    case 'sign':
      if (method === 'POST' && rest.length === 1) return () => signObjects(request, decodeBucketId(second))
      if (method === 'POST' && rest.length >= 2) return () => signObject(request, parseObjectAddress(rest))
      return readRoute(request, method, first, rest)
    case 'info': {
      if (method !== 'GET') return undefined
      const access = second === 'public' ? 'public' : 'caller'
      const path = second === 'public' || second === 'authenticated' ? others : rest
      return path.length >= 2 ? () => objectInfo(request, parseObjectAddress(path), access) : undefined
    }
    case 'upload':
      if (second !== 'sign' || others.length < 2) return undefined
      if (method === 'POST') return () => createSignedUploadUrl(request, parseObjectAddress(others))
      if (method === 'PUT') return () => uploadToSignedUrl(request, parseObjectAddress(others))
      return undefined
    case 'list':
      return method === 'POST' && rest.length === 1 ? () => listObjects(request, decodeBucketId(second)) : undefined
    case 'move':
      return method === 'POST' && rest.length === 0 ? () => moveObject(request) : undefined
    case 'copy':
      return method === 'POST' && rest.length === 0 ? () => copyObject(request) : undefined
  }
  if (segments.length === 1 && method === 'DELETE') return () => removeObjects(request, decodeBucketId(first))
  if (segments.length < 2) return undefined
  const address = parseObjectAddress(segments)
  if (method === 'POST' || method === 'PUT') return () => uploadObject(request, address, method)
  if (isRead(method)) return () => downloadObject(request, address)
  if (method === 'DELETE') return () => deleteObject(request, address)
  return undefined
}

function route(request: StorageRequest): Handler | undefined {
  const method = request.req.method
  const [area, ...segments] = request.subpath.split('/').slice(1)
  if (area === 'bucket') return bucketRoute(request, method, segments)
  if (area === 'object') return objectRoute(request, method, segments)
  if (area === 'render' && segments[0] === 'image') {
    const [, access, ...rest] = segments
    return access ? readRoute(request, method, access, rest) : undefined
  }
  return undefined
}

export function createStorageService(stack: Stack): StackService {
  const files = new FileStore(stack.config.dataDir)
  return {
    prefix: '/storage/v1',
    async handle(req, { url, subpath }) {
      const request: StorageRequest = { req, url, subpath, db: stack.db, files, keys: stack.config }
      try {
        const handler = route(request)
        if (!handler) throw StorageErrors.notFound()
        return await handler()
      } catch (error) {
        const storageError = toStorageError(error)
        if (storageError.statusCode >= 500) stack.log(`storage ${req.method} ${subpath} failed: ${String(error)}`)
        return storageError.toResponse()
      }
    },
  }
}
