import { useQuery } from '@tanstack/react-query'
import { databaseRefusal } from '@/lib/refusal'
import { getTypedSupabase } from '@/lib/supabase'
import type { BookExportData } from './export-model'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Everything the export writes, from book_export(): the database answers it to the owner, the
 * confirmed family admins and platform admins only; anyone else gets null ("not found").
 */
async function fetchBookExport(bookUuid: string): Promise<BookExportData | null> {
  if (!uuidPattern.test(bookUuid)) return null
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.rpc('book_export', { book: bookUuid })
  if (error?.hint === 'book_not_found') return null
  if (error) throw databaseRefusal(error)
  return data as unknown as BookExportData
}

export function useBookExport(bookUuid: string) {
  return useQuery({
    queryKey: ['book-export', bookUuid],
    queryFn: () => fetchBookExport(bookUuid),
    staleTime: 0,
    gcTime: 0,
  })
}
