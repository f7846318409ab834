import { queryOptions, useQuery } from '@tanstack/react-query'
import { isCertainlySignedOut } from '@/domains/accounts/session/useAuthSession'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { bookKeys } from './book-keys'

export interface BookAccess {
  /** Owner, confirmed family admin or platform admin: reads every memory without a code. */
  canRead: boolean
  /** Owner or platform admin: hides and deletes memories. */
  canManage: boolean
}

const visitorAccess: BookAccess = { canRead: false, canManage: false }

/** What the signed-in visitor may do with the book (asked of the database; visitors may nothing). */
async function fetchBookAccess(bookId: string, signal: AbortSignal): Promise<BookAccess> {
  if (isCertainlySignedOut()) return visitorAccess
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  if (!data.session) return visitorAccess
  const [read, manage] = await Promise.all([
    supabase.rpc('can_read_book', { book: bookId }).abortSignal(signal),
    supabase.rpc('can_manage_book', { book: bookId }).abortSignal(signal),
  ])
  if (read.error) throw toRefusal(read.error)
  if (manage.error) throw toRefusal(manage.error)
  return { canRead: read.data === true, canManage: manage.data === true }
}

function bookAccessQueryOptions(bookId: string) {
  return queryOptions({
    queryKey: bookKeys.access(bookId),
    queryFn: ({ signal }) => fetchBookAccess(bookId, signal),
  })
}

export function useBookAccess(bookId: string | undefined) {
  return useQuery({
    ...bookAccessQueryOptions(bookId ?? ''),
    enabled: Boolean(bookId),
    // A visitor who is certainly signed out may nothing: known without asking, on the first render.
    initialData: () => (bookId && isCertainlySignedOut() ? visitorAccess : undefined),
  })
}
