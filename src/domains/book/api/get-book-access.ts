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
async function fetchBookAccess(bookUuid: string, signal: AbortSignal): Promise<BookAccess> {
  if (isCertainlySignedOut()) return visitorAccess
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  if (!data.session) return visitorAccess
  const [read, manage] = await Promise.all([
    supabase.rpc('can_read_book', { book: bookUuid }).abortSignal(signal),
    supabase.rpc('can_manage_book', { book: bookUuid }).abortSignal(signal),
  ])
  if (read.error) throw toRefusal(read.error)
  if (manage.error) throw toRefusal(manage.error)
  return { canRead: read.data === true, canManage: manage.data === true }
}

function bookAccessQueryOptions(bookUuid: string) {
  return queryOptions({
    queryKey: bookKeys.access(bookUuid),
    queryFn: ({ signal }) => fetchBookAccess(bookUuid, signal),
  })
}

export function useBookAccess(bookUuid: string | undefined) {
  return useQuery({
    ...bookAccessQueryOptions(bookUuid ?? ''),
    enabled: Boolean(bookUuid),
    // A visitor who is certainly signed out may nothing: known without asking, on the first render.
    initialData: () => (bookUuid && isCertainlySignedOut() ? visitorAccess : undefined),
  })
}
