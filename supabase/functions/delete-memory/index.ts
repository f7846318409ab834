/**
 * delete-memory: body {memory_id} (the memory's uuid), from the owner of its book or a platform
 * admin (moderation). The memory is deleted through delete_memory_as(), which claims the files only
 * it used for this call, and those are removed through the Storage API before the answer, so its
 * photos and video stop being reachable at once. Answers {deleted: true, files_removed}.
 * Refusals: 401 without a session, 404 for an unknown memory or a caller who may not delete it.
 */
import { requireCaller, serviceClient } from '../_shared/clients/clients.ts'
import { handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'
import { removeClaimedFiles } from '../_shared/books/storage-removals.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema, type MemoryDeleted } from '../../../contracts/delete-memory.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const { memory_id: memory } = await parseBody(req, bodySchema)
    const deletion = await service.rpc('delete_memory_as', { actor: caller.id, memory })
    if (deletion.error) refuseWithDatabaseError('delete_memory_as', deletion.error)
    const files = await removeClaimedFiles(service, jsonbAnswer<{ files: string[] }>(deletion.data).files)
    return jsonResponse({ deleted: true, files_removed: files.removed } satisfies MemoryDeleted)
  }),
)
