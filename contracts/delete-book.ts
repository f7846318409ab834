/** delete-book: a book deleted by its owner or a platform admin, its files and pending gift with it. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { messages } from './messages.ts'

export const body = z.object({ book_id: z.uuid({ error: messages.memoryBookNotFound }) })

export interface BookDeleted {
  deleted: true
  files_removed: number
  refunded_agorot: number
}

export type Call = Exchange<z.input<typeof body>, BookDeleted>

/** The stable codes of this function's own refusals. */
export type Reason = 'book_not_found' | 'refund_failed'
