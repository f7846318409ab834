import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Database } from '@contracts/database.ts'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { isCertainlySignedOut } from '@/lib/auth-session/auth-session-store'
import { getPublicRpc } from '@/lib/public-rpc'
import { takeArrivedBookCard, takeBookCardRequest, takeReaderCardRequest } from '@/domains/book/lib/early-book-card'
import { isBookId } from '@shared/book-ref.ts'
import { bookKeys } from './book-keys'

/** The public card of a book (get_book_card): what share, QR and memory screens show of it. */
export type BookCard = Database['public']['Functions']['get_book_card']['Returns'][number]

/** The card of the book a link names (short book_id in any case, or the uuid); null when none. */
async function fetchBookCard(bookRef: string, signal: AbortSignal): Promise<BookCard | null> {
  const early = takeBookCardRequest(bookRef)
  if (early) {
    try {
      return await early
    } catch {
      // The usual client below reports the failure in the app's terms, or succeeds on its retry.
    }
  }
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('get_book_card', { book_ref: bookRef }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data[0] ?? null
}

function bookCardQueryOptions(bookRef: string) {
  return queryOptions({
    queryKey: bookKeys.card(bookRef),
    queryFn: ({ signal }) => fetchBookCard(bookRef, signal),
    staleTime: 5 * 60_000,
  })
}

export function useBookCard(bookRef: string) {
  return useQuery({
    ...bookCardQueryOptions(bookRef),
    // A card the page's head script already holds is the query's first data: no loading screen.
    initialData: () => takeArrivedBookCard(bookRef)?.value,
  })
}

/** What a book reference names: still looking, the book's uuid, or no book (or none could be read). */
export type BookIdLookup = { state: 'pending' } | { state: 'found'; bookId: string } | { state: 'missing' }

/**
 * The one place the app turns a book reference (a route's `:book`, a query's `?book=`: its uuid
 * or its short code) into the book's uuid: a uuid is taken as it is; a short code is looked up
 * through the book's public card, shared with the screens that show that card.
 */
export function useBookId(bookRef: string): BookIdLookup {
  const reference = bookRef.trim()
  const direct = isBookId(reference)
  const card = useQuery({ ...bookCardQueryOptions(reference), enabled: reference !== '' && !direct })
  if (direct) return { state: 'found', bookId: reference.toLowerCase() }
  if (reference === '') return { state: 'missing' }
  if (card.isPending) return { state: 'pending' }
  return card.data ? { state: 'found', bookId: card.data.id } : { state: 'missing' }
}

/** useBookId's rule for a request that runs outside a component. */
export async function resolveBookId(bookRef: string, signal: AbortSignal): Promise<string | null> {
  const reference = bookRef.trim()
  if (isBookId(reference)) return reference.toLowerCase()
  return reference ? ((await fetchBookCard(reference, signal))?.id ?? null) : null
}

/** Signed addresses live at least 30 minutes: a reader's card is asked again after 20. */
const READER_CARD_MS = 20 * 60_000

/** A private book's card as a signed-out reader's grant opens it: a plain GET, without supabase-js and its preflight. */
async function fetchPublicReaderCard(
  bookId: string,
  accessGrant: string,
  signal: AbortSignal,
): Promise<BookCard | null> {
  const [card = null] = await getPublicRpc<BookCard>(
    'get_book_card',
    { book_ref: bookId, access_grant: accessGrant },
    { signal },
  ).catch((error: unknown) => {
    throw toRefusal(error)
  })
  return card
}

/**
 * A private book's card as its reader (a manager, or with an access grant) is given it: with its
 * pictures. The head script's request with the same grant, when it made one, is taken first.
 */
async function fetchReaderCard(
  bookId: string,
  accessGrant: string | null,
  signal: AbortSignal,
): Promise<BookCard | null> {
  if (accessGrant && isCertainlySignedOut()) {
    const early = takeReaderCardRequest(bookId, accessGrant)
    return early
      ? early.catch(() => fetchPublicReaderCard(bookId, accessGrant, signal))
      : fetchPublicReaderCard(bookId, accessGrant, signal)
  }
  const supabase = await getSupabase()
  const args = accessGrant ? { book_ref: bookId, access_grant: accessGrant } : { book_ref: bookId }
  const { data, error } = await supabase.rpc('get_book_card', args).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data[0] ?? null
}

/**
 * A private book's pictures are left out of its public card and given only to those who may read
 * it, at signed addresses: once the reader may read the book, its card is asked again as theirs.
 */
export function useReaderBookCard(card: BookCard | undefined, accessGrant: string | null, mayRead: boolean) {
  return useQuery({
    queryKey: bookKeys.readerCard(card?.id ?? '', accessGrant),
    queryFn: ({ signal }) => fetchReaderCard(card!.id, accessGrant, signal),
    enabled: mayRead && Boolean(card && !card.is_public),
    staleTime: READER_CARD_MS,
    refetchInterval: READER_CARD_MS,
  })
}
