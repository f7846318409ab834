import { queryOptions, useQuery } from '@tanstack/react-query'
import { forgetFamilyAccess } from '@/domains/book/family-code/family-code-session'
import { toRefusal } from '@/lib/refusal'
import { isFamilyAccessExpired } from '@/domains/book/api/api-error'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { readAllPages } from '@/lib/api-pages'
import { getSupabase } from '@/lib/supabase'
import { bookKeys } from '@/domains/book/api/book-keys'
import {
  memoryColumns,
  requestPublicMemories,
  takeArrivedPublicMemories,
  takeEarlyPublicMemories,
  type MemoryRow,
} from '../../memories/api/public-memories'

/**
 * The memories the caller may read (get_book_memories): every one for the book's managers, the
 * visible ones of a public book, or of a private book with an access grant from its family code.
 */
async function fetchBookMemories(
  bookId: string,
  accessGrant: string | null,
  signal: AbortSignal,
): Promise<MemoryRow[]> {
  try {
    return await requestBookMemories(bookId, accessGrant, signal)
  } catch (error) {
    const refusal = toRefusal(error)
    if (isFamilyAccessExpired(refusal)) forgetFamilyAccess(bookId)
    throw refusal
  }
}

/** A signed-out reader's request needs no session, so it goes without supabase-js (and without a preflight). */
async function requestBookMemories(
  bookId: string,
  accessGrant: string | null,
  signal: AbortSignal,
): Promise<MemoryRow[]> {
  if (isCertainlySignedOut()) {
    const early = accessGrant ? undefined : takeEarlyPublicMemories(bookId)
    if (early) {
      try {
        return await early
      } catch {
        // Asked again below: the usual request reports a failure in the app's terms.
      }
    }
    return requestPublicMemories(bookId, accessGrant, signal)
  }
  const supabase = await getSupabase()
  const args = accessGrant ? { book_ref: bookId, access_grant: accessGrant } : { book_ref: bookId }
  return readAllPages(async ({ offset, last }) => {
    const { data, error } = await supabase
      .rpc('get_book_memories', args)
      .select(memoryColumns)
      .order('created_at')
      .order('id')
      .range(offset, last)
      .abortSignal(signal)
    if (error) throw toRefusal(error)
    return (data ?? []) as unknown as MemoryRow[]
  })
}

/** A private book's files come at addresses signed for 30 to 60 minutes: its memories are asked again after 20. */
const SIGNED_ADDRESSES_MS = 20 * 60_000

function bookMemoriesQueryOptions(bookId: string, accessGrant: string | null) {
  return queryOptions({
    queryKey: bookKeys.memoriesFor(bookId, accessGrant),
    queryFn: ({ signal }) => fetchBookMemories(bookId, accessGrant, signal),
    refetchInterval: SIGNED_ADDRESSES_MS,
  })
}

export function useBookMemories(bookId: string | undefined, accessGrant: string | null, enabled: boolean) {
  return useQuery({
    ...bookMemoriesQueryOptions(bookId ?? '', accessGrant),
    enabled: enabled && Boolean(bookId),
    // Memories the page's head script already holds are the query's first data.
    initialData: () => (bookId && !accessGrant ? takeArrivedPublicMemories(bookId) : undefined),
  })
}
