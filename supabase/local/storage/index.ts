/**
 * `/storage/v1`: Supabase Storage's HTTP API over storage.buckets/objects in the
 * stack's database and files under `<dataDir>/storage`. Image transformations are not
 * implemented: `/render/image/...` URLs serve the original image unchanged.
 */
import { createRouter, type RouteParams } from '../router.ts'
import type { Stack, StackService } from '../types.ts'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts'
import type { StorageRequest } from './context.ts'
import { downloadObject, downloadPublicObject, downloadSignedObject, objectInfo } from './download.ts'
import { StorageErrors, toStorageError } from './errors.ts'
import { FileStore } from './file-store.ts'
import { parseObjectAddress, type ObjectAddress } from './keys.ts'
import { listObjects } from './list.ts'
import { copyObject, deleteObject, moveObject, removeObjects } from './manage.ts'
import { signObject, signObjects } from './signing.ts'
import { createSignedUploadUrl, uploadObject, uploadToSignedUrl } from './upload.ts'

type Handler = (request: StorageRequest, params: RouteParams) => Promise<Response>

function decodeBucketId(segment: string | undefined): string {
  if (!segment) throw StorageErrors.missingParameter('bucketName')
  return parseObjectAddress([segment]).bucket
}

/** `{bucket}/{key…}` of a `*address` value, which must name an object (a bucket and a key). */
function objectAddress(value: string | undefined): ObjectAddress {
  const segments = (value ?? '').split('/')
  if (segments.length < 2) throw StorageErrors.notFound()
  return parseObjectAddress(segments)
}

const bucketOf = (params: RouteParams) => decodeBucketId(params.bucket)
const addressOf = (params: RouteParams) => objectAddress(params.address)
/** `/object/{bucket}/{key…}`: the bucket and the rest of the path as one address. */
const bucketAndKeyOf = (params: RouteParams) => objectAddress(`${params.bucket}/${params.key}`)

/** Nothing but the path itself: a word of the API followed by more segments is not an object. */
const exactly =
  (handler: Handler): Handler =>
  (request, params) => {
    if (params.rest !== undefined) throw StorageErrors.notFound()
    return handler(request, params)
  }

function reads(download: (request: StorageRequest, address: ObjectAddress) => Promise<Response>) {
  const read: Handler = (request, params) => download(request, addressOf(params))
  return { GET: read, HEAD: read }
}

const renderedDownloads: Record<string, (request: StorageRequest, address: ObjectAddress) => Promise<Response>> = {
  public: downloadPublicObject,
  authenticated: downloadObject,
  sign: downloadSignedObject,
}

/** `/render/image/{public|authenticated|sign}/{bucket}/{key…}`: the original image, as `/object/…` serves it. */
const renderImage: Handler = (request, params) => {
  if (!Object.hasOwn(renderedDownloads, params.access!)) throw StorageErrors.notFound()
  return renderedDownloads[params.access!]!(request, addressOf(params))
}

const upload: Handler = (request, params) =>
  uploadObject(request, bucketAndKeyOf(params), request.req.method as 'POST' | 'PUT')
const download: Handler = (request, params) => downloadObject(request, bucketAndKeyOf(params))

/**
 * Storage's routes. The API's own words (`public`, `sign`, `info`, `list` …) own every path under
 * them, so `/object/{word}/…` never reaches the generic `/object/{bucket}/{key}` routes at the end.
 */
const route = createRouter<Handler>([
  ['/bucket', { GET: listBuckets, POST: createBucket }],
  ['/bucket/', { GET: listBuckets, POST: createBucket }],
  [
    '/bucket/:bucket',
    {
      GET: (request, params) => getBucket(request, bucketOf(params)),
      PUT: (request, params) => updateBucket(request, bucketOf(params)),
      DELETE: (request, params) => deleteBucket(request, bucketOf(params)),
    },
  ],
  ['/bucket/:bucket/empty', { POST: (request, params) => emptyBucket(request, bucketOf(params)) }],
  ['/object/public/*address', reads(downloadPublicObject)],
  ['/object/authenticated/*address', reads(downloadObject)],
  ['/object/sign/:bucket', { POST: (request, params) => signObjects(request, bucketOf(params)) }],
  [
    '/object/sign/*address',
    {
      POST: (request, params) => signObject(request, addressOf(params)),
      ...reads(downloadSignedObject),
    },
  ],
  ['/object/info/public/*address', { GET: (request, params) => objectInfo(request, addressOf(params), 'public') }],
  [
    '/object/info/authenticated/*address',
    { GET: (request, params) => objectInfo(request, addressOf(params), 'caller') },
  ],
  ['/object/info/*address', { GET: (request, params) => objectInfo(request, addressOf(params), 'caller') }],
  [
    '/object/upload/sign/*address',
    {
      POST: (request, params) => createSignedUploadUrl(request, addressOf(params)),
      PUT: (request, params) => uploadToSignedUrl(request, addressOf(params)),
    },
  ],
  ['/object/upload/*rest', {}],
  ['/object/list/:bucket', { POST: (request, params) => listObjects(request, bucketOf(params)) }],
  ['/object/list/*rest', {}],
  ['/object/move/*rest', { POST: exactly(moveObject) }],
  ['/object/copy/*rest', { POST: exactly(copyObject) }],
  ['/object/:bucket', { DELETE: (request, params) => removeObjects(request, bucketOf(params)) }],
  [
    '/object/:bucket/*key',
    {
      POST: upload,
      PUT: upload,
      GET: download,
      HEAD: download,
      DELETE: (request, params) => deleteObject(request, bucketAndKeyOf(params)),
    },
  ],
  ['/render/image/:access/*address', { GET: renderImage, HEAD: renderImage }],
])

export function createStorageService(stack: Stack): StackService {
  const files = new FileStore(stack.config.dataDir)
  return {
    prefix: '/storage/v1',
    async handle(req, { url, subpath }) {
      const request: StorageRequest = { req, url, subpath, db: stack.db, files, keys: stack.config }
      try {
        const match = route(req.method, subpath)
        if (match.kind !== 'handler') throw StorageErrors.notFound()
        return await match.handler(request, match.params)
      } catch (error) {
        const storageError = toStorageError(error)
        if (storageError.statusCode >= 500) stack.log(`storage ${req.method} ${subpath} failed: ${String(error)}`)
        return storageError.toResponse()
      }
    },
  }
}
