/**
 * Files of deleted books and memories are queued by the database (private.storage_removals), each
 * with the files made from it (shared/derived-files.ts), and removed here through the Storage API,
 * which deletes each object's row and its bytes. A run claims
 * the names it removes (other runs skip them for ten minutes), so two runs never remove the same
 * files; a name is forgotten only after its removal succeeded, and a failed removal is taken again
 * by a later run once its claim runs out.
 */
import type { ServiceClient } from '../clients/clients.ts'

const BUCKET = 'memory-images'
/** The Storage API removes at most 1,000 objects per request. */
const BATCH = 1000
const MAX_BATCHES = 20

export interface RemovalRun {
  removed: number
  failed: number
}

/**
 * Removes claimed names (at most 1,000) through the Storage API, then forgets them; counts the
 * objects that were there (a picture without copies has none to remove).
 */
async function removeClaimedBatch(service: ServiceClient, names: string[]): Promise<RemovalRun> {
  const removal = await service.storage.from(BUCKET).remove(names)
  if (removal.error) {
    console.error('storage removal failed', removal.error.message)
    return { removed: 0, failed: names.length }
  }
  const forgotten = await service.rpc('forget_storage_removals', { object_names: names })
  if (forgotten.error) throw new Error(`forget_storage_removals: ${forgotten.error.message}`)
  return { removed: removal.data.length, failed: 0 }
}

/** Removes batch after batch (up to 20,000 names per call); stops at the first failed batch. */
async function removeBatches(
  service: ServiceClient,
  nextBatch: (index: number) => Promise<string[]>,
): Promise<RemovalRun> {
  const total: RemovalRun = { removed: 0, failed: 0 }
  for (let index = 0; index < MAX_BATCHES; index += 1) {
    const names = await nextBatch(index)
    if (names.length === 0) break
    const run = await removeClaimedBatch(service, names)
    total.removed += run.removed
    total.failed += run.failed
    if (run.failed > 0) break
  }
  return total
}

/** Removes the names a deletion queued and claimed (delete_book_as answers them). */
export function removeClaimedFiles(service: ServiceClient, names: string[]): Promise<RemovalRun> {
  return removeBatches(service, (index) => Promise.resolve(names.slice(index * BATCH, (index + 1) * BATCH)))
}

/** Claims the oldest queued names nobody else is removing (at most 1,000). */
async function claimQueuedBatch(service: ServiceClient): Promise<string[]> {
  const queued = await service.rpc('queued_storage_removals', { max_rows: BATCH })
  if (queued.error) throw new Error(`queued_storage_removals: ${queued.error.message}`)
  return queued.data ?? []
}

/** Claims and removes every queued file nobody else is removing. */
export function removeQueuedFiles(service: ServiceClient): Promise<RemovalRun> {
  return removeBatches(service, () => claimQueuedBatch(service))
}

/**
 * The scheduled run: queues the files no row refers to any more and nobody wrote for the grace
 * period (queue_orphaned_storage; an upload in progress is not referred to yet), so a removal a
 * deletion missed heals by itself, then removes everything queued.
 */
export async function removeOrphanedAndQueuedFiles(service: ServiceClient): Promise<RemovalRun> {
  const orphans = await service.rpc('queue_orphaned_storage', { max_rows: BATCH })
  if (orphans.error) throw new Error(`queue_orphaned_storage: ${orphans.error.message}`)
  return removeQueuedFiles(service)
}
