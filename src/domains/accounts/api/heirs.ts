import { useQueries } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { accountKeys } from './account-keys'

/** A confirmed family admin an owner may hand a book to before deleting their account. */
export interface Heir {
  /** The book_admins row. */
  id: string
  name: string
  email: string | null
}

async function fetchHeirs(bookId: string, signal: AbortSignal): Promise<Heir[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('list_book_admins', { book: bookId }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
    .filter((admin) => admin.state === 'confirmed')
    .map((admin) => ({ id: admin.id, name: admin.admin_name, email: admin.email }))
}

/** The confirmed family admins of each of these books, by book id (a book still loading is missing). */
export function useHeirs(bookIds: string[]): { heirs: Record<string, Heir[]>; isPending: boolean } {
  return useQueries({
    queries: bookIds.map((bookId) => ({
      queryKey: accountKeys.heirs(bookId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchHeirs(bookId, signal),
    })),
    combine: (results) => ({
      heirs: Object.fromEntries(
        results.flatMap((result, index) => (result.data ? [[bookIds[index]!, result.data] as const] : [])),
      ),
      isPending: results.some((result) => result.isPending),
    }),
  })
}
