/**
 * Files of deleted books and memories are queued by the database (private.storage_removals) and
 * removed here through the Storage API, which deletes each object's row and its bytes. A name is
 * forgotten only after its removal succeeded; a failed batch stays queued for the next run.
 */
import type { ServiceClient } from './clients.ts'

const BUCKET = 'memory-images'
/** The Storage API removes at most 1,000 objects per request. */
const BATCH = 1000
const MAX_BATCHES = 20

export interface RemovalRun {
  removed: number
  failed: number
}

async function removeOneBatch(service: ServiceClient): Promise<RemovalRun | null> {
  const queued = await service.rpc('queued_storage_removals', { max_rows: BATCH })
  if (queued.error) throw new Error(`queued_storage_removals: ${queued.error.message}`)
  const names = (queued.data ?? []) as string[]
  if (names.length === 0) return null
  const removal = await service.storage.from(BUCKET).remove(names)
  if (removal.error) {
    console.error('storage removal failed', removal.error.message)
    return { removed: 0, failed: names.length }
  }
  const forgotten = await service.rpc('forget_storage_removals', { object_names: names })
  if (forgotten.error) throw new Error(`forget_storage_removals: ${forgotten.error.message}`)
  return { removed: names.length, failed: 0 }
}

/** Removes every queued file (up to 20,000 per call); stops at the first failed batch. */
export async function removeQueuedFiles(service: ServiceClient): Promise<RemovalRun> {
  const total: RemovalRun = { removed: 0, failed: 0 }
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const run = await removeOneBatch(service)
    if (!run) break
    total.removed += run.removed
    total.failed += run.failed
    if (run.failed > 0) break
  }
  return total
}
