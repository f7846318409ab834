import { useQuery } from '@tanstack/react-query'
import { bookKeys } from '@/domains/book/api/book-keys'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'

/** Who reads the book without a code: its owner or one of its confirmed family admins (else null). */
export type ReaderRole = 'owner' | 'familyAdmin' | null

async function fetchReaderRole(bookId: string, signal: AbortSignal): Promise<ReaderRole> {
  const supabase = await getSupabase()
  const [owner, familyAdmin] = await Promise.all([
    supabase.rpc('is_book_owner', { book: bookId }).abortSignal(signal),
    supabase.rpc('is_book_family_admin', { book: bookId }).abortSignal(signal),
  ])
  if (owner.error) throw toRefusal(owner.error)
  if (familyAdmin.error) throw toRefusal(familyAdmin.error)
  return owner.data === true ? 'owner' : familyAdmin.data === true ? 'familyAdmin' : null
}

/** Asked only of a signed-in reader the database lets read the whole book. */
export function useReaderRole(bookId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: bookKeys.readerRole(bookId ?? ''),
    queryFn: ({ signal }) => fetchReaderRole(bookId ?? '', signal),
    enabled: enabled && Boolean(bookId),
  })
}
