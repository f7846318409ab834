/** What every storage route gets, and the small helpers they share. */
import { asRequestRole, type Database, type Queryable, type RequestContext } from '../db.ts'
import type { KeyPolicy } from '../jwt.ts'
import { StorageErrors } from './errors.ts'
import type { FileStore } from './file-store.ts'
import { findBucket, type BucketRow } from './rows.ts'

export interface StorageRequest {
  req: Request
  url: URL
  /** The path after /storage/v1, e.g. `/object/avatars/u1/a.png` (still percent-encoded). */
  subpath: string
  db: Database
  files: FileStore
  /** Whether the legacy JWT keys and HS256 tokens are still accepted. */
  keys: KeyPolicy
}

/** Bucket metadata is read as the owner (Supabase's "asSuperUser"), not through RLS. */
export async function requireBucket(db: Database, id: string): Promise<BucketRow> {
  const bucket = await findBucket(db, id)
  if (!bucket) throw StorageErrors.noSuchBucket()
  return bucket
}

export async function readJsonBody<T extends object>(req: Request): Promise<Partial<T>> {
  const text = await req.text()
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object') return value as Partial<T>
  } catch {
    // reported below
  }
  throw StorageErrors.invalidRequest('Body is not valid JSON')
}

class RollbackProbe extends Error {}

/**
 * Runs `work` as the caller and rolls it back: Supabase's way of asking RLS "would this be
 * allowed?" before handing out a signed upload URL.
 */
export async function testPermission(
  db: Database,
  context: RequestContext,
  work: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await asRequestRole(db, context, async (tx) => {
      await work(tx)
      throw new RollbackProbe()
    })
  } catch (error) {
    if (!(error instanceof RollbackProbe)) throw error
  }
}
