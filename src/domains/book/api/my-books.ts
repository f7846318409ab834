import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { bookKeys } from './book-keys'
import { toRefusal } from '@/lib/refusal'

/** One of the signed-in user's books (my_books): owned, family-admin, bought or claimed, with the flags that say which. */
export type MyBook = Database['public']['Functions']['my_books']['Returns'][number]

/** Every book of the caller, newest first, with the secret fields they may see (family code, gift code). */
async function fetchMyBooks(signal: AbortSignal): Promise<MyBook[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('my_books').abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
}

const myBooksQueryOptions = queryOptions({
  queryKey: bookKeys.mine(),
  queryFn: ({ signal }) => fetchMyBooks(signal),
})

export function useMyBooks(enabled = true) {
  return useQuery({ ...myBooksQueryOptions, enabled })
}
