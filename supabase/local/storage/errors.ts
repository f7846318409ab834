/**
 * Storage's error bodies. The real server answers HTTP 400 for everything except
 * internal errors and carries the "real" status as a string in `statusCode`.
 */
import { EngineWaitTimeout } from '../fair-queue.ts'
import { json } from '../http.ts'
import { JwtError } from '../jwt.ts'

export class StorageError extends Error {
  constructor(
    /** The status the real server puts in the body, e.g. 404. */
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }

  toResponse(): Response {
    const httpStatus = this.statusCode >= 500 ? 500 : 400
    const body = { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message }
    return json(body, httpStatus)
  }
}

export const StorageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  /** A database row whose file is missing on disk. */
  fileMissing: () => new StorageError(404, 'NoSuchKey', 'Not found', 'The resource was not found'),
  alreadyExists: () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid_range', 'invalid range provided'),
  invalidFileSizeLimit: () =>
    new StorageError(
      400,
      'InvalidRequest',
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', 'MissingParameter', `Missing Required Parameter ${name}`),
  notFound: () => new StorageError(404, 'NotFound', 'Not Found', 'Route not found'),
  internal: (message: string) => new StorageError(500, 'InternalError', 'Internal', message),
}

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** Maps whatever a storage operation threw to the body the real server would send. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  if (error instanceof EngineWaitTimeout) {
    return new StorageError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out')
  }
  if (error instanceof JwtError) {
    if (error.reason === 'api_key') return StorageErrors.accessDenied(error.message)
    return StorageErrors.accessDenied(error.reason === 'expired' ? 'jwt expired' : 'invalid signature')
  }
  switch (sqlState(error)) {
    case '42501':
      return StorageErrors.accessDenied()
    case '23505':
      return StorageErrors.alreadyExists()
    case '23503':
      return new StorageError(404, 'InvalidRequest', 'InvalidRequest', 'The related resource does not exist')
    case '22P02':
    case '23514':
    case 'P0001':
      return StorageErrors.invalidRequest((error as Error).message)
    default:
      return StorageErrors.internal(error instanceof Error ? error.message : 'Internal server error')
  }
}
