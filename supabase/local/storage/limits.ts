/** Bucket `file_size_limit` / `allowed_mime_types` and the global upload limit, as Supabase checks them. */
import { StorageErrors } from './errors.ts'

/** Supabase's default global limit (50 MiB), also the free plan's. */
const GLOBAL_FILE_SIZE_LIMIT = 52_428_800

const UNIT_BYTES: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 }

/** `5242880`, `"5242880"`, `"5MB"`, `"20 GB"` → bytes; null/undefined → no limit. */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  if (typeof value === 'string') {
    const match = value.trim().match(/^(\d+)\s*(B|KB|MB|GB)?$/i)
    if (match) return Number(match[1]) * UNIT_BYTES[(match[2] ?? 'B').toUpperCase()]!
  }
  throw StorageErrors.invalidFileSizeLimit()
}

/**
 * Supabase compares `type/subtype` without stripping parameters, so `text/plain;charset=UTF-8`
 * does not match an allow-list entry `text/plain`; `image/*` matches every image subtype.
 */
export function isAllowedMimeType(mimeType: string, allowed: readonly string[]): boolean {
  const [type, subtype, ...extra] = mimeType.split('/')
  if (!type || subtype === undefined || extra.length) return false
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
}

export interface BucketLimits {
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

export function enforceLimits(bucket: BucketLimits, size: number, mimeType: string): void {
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT)
  if (size > limit) throw StorageErrors.entityTooLarge()
  const allowed = bucket.allowed_mime_types
  if (allowed && allowed.length > 0 && !isAllowedMimeType(mimeType, allowed)) {
    throw StorageErrors.invalidMimeType(mimeType)
  }
}
