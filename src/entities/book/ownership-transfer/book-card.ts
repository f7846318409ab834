import { queryOptions, useQuery } from '@tanstack/react-query'
import { getTypedSupabase } from '@/lib/supabase'
import type { Database } from '@/types/database'

/** The public card of a book (get_book_card): name, dates, quote, photo. */
export type BookCard = Database['public']['Functions']['get_book_card']['Returns'][number]

async function fetchBookCard(bookRef: string): Promise<BookCard | null> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.rpc('get_book_card', { book_ref: bookRef })
  if (error) throw error
  return data[0] ?? null
}

export function useFamilyAdminBookCard(bookRef: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['family-admins', 'book-card', bookRef ?? ''],
      queryFn: () => fetchBookCard(bookRef ?? ''),
      enabled: Boolean(bookRef),
      staleTime: 5 * 60_000,
    }),
  )
}
