/** delete-memory: a memory deleted by its book's owner or a platform admin, its photos and video with it. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { messages } from './messages.ts'

export const body = z.object({ memory_id: z.uuid({ error: messages.memoryNotFound }) })

export interface MemoryDeleted {
  deleted: true
  files_removed: number
}

export type Call = Exchange<z.input<typeof body>, MemoryDeleted>

/** The stable codes of this function's own refusals. */
export type Reason = 'memory_not_found' | 'book_not_found'
