import type { Database } from '@contracts/database.ts'
import { startEarlyRequest, takeArrivedAnswer, takeEarlyRequest } from '../../../lib/early-requests'
import { readAllPages } from '../../../lib/api-pages'
import { getPublicRpc } from '../../../lib/public-rpc'

type MemoryEntryRow = Database['public']['Tables']['memory_entries']['Row']

export type MemoryRow = Omit<MemoryEntryRow, 'author_user_id'>

/** The columns the memory screens show (not the author's user id). */
export const memoryColumns =
  'id,book_id,full_name,relation_to_deceased,memory_text_1,memory_text_2,memory_text_3,' +
  'image_urls,image_captions,video_url,is_hidden,source,created_at'

/** The memories' order, which a page of them keeps: the oldest first. */
const memoryOrder = 'created_at.asc,id.asc'

/** A signed-out reader's memories, without supabase-js (GETs with no preflight). */
export function requestPublicMemories(
  bookId: string,
  accessGrant: string | null,
  signal?: AbortSignal,
): Promise<MemoryRow[]> {
  return readAllPages(({ offset, limit }) =>
    getPublicRpc<MemoryRow>(
      'get_book_memories',
      {
        book_ref: bookId,
        access_grant: accessGrant,
        order: memoryOrder,
        offset: String(offset),
        limit: String(limit),
      },
      { select: memoryColumns, signal },
    ),
  )
}

const earlyKey = (bookId: string) => `memories:${bookId}`

/**
 * A public book's memories for a signed-out reader of its reading page, asked for by the page's
 * head script as soon as the card says the book is public (src/early-start.ts).
 */
export function startEarlyPublicMemories(bookId: string): void {
  void startEarlyRequest(earlyKey(bookId), () => requestPublicMemories(bookId, null)).catch(() => undefined)
}

/** That request, once, for the app to take over. */
export function takeEarlyPublicMemories(bookId: string): Promise<MemoryRow[]> | undefined {
  return takeEarlyRequest(earlyKey(bookId))
}

/** Its answer, once, when it has already come: the app's first render then shows the memories. */
export function takeArrivedPublicMemories(bookId: string): MemoryRow[] | undefined {
  return takeArrivedAnswer<MemoryRow[]>(earlyKey(bookId))?.value
}
