import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { refreshBookViews } from '@/domains/book/api/book-keys'
import { getTypedSupabase } from '@/lib/supabase'
import type { Database } from '@/types/database'

export type ShivaRow = Database['public']['Tables']['book_shiva']['Row']
export type ShivaChanges = Omit<ShivaRow, 'book_id' | 'updated_at'>

const shivaColumns = 'book_id,address,starts_on,ends_on,visiting_hours,note,map_url,updated_at'

function shivaQueryKey(bookId: string) {
  return ['book-shiva', bookId] as const
}

/** The shiva details of a book the caller manages (RLS), or null when none were given. */
async function fetchShivaDetails(bookId: string): Promise<ShivaRow | null> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.from('book_shiva').select(shivaColumns).eq('book_id', bookId).maybeSingle()
  if (error) throw error
  return data
}

export function useShivaDetails(bookId: string) {
  return useQuery({ queryKey: shivaQueryKey(bookId), queryFn: () => fetchShivaDetails(bookId) })
}

async function saveShivaDetails(bookId: string, changes: ShivaChanges): Promise<ShivaRow> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase
    .from('book_shiva')
    .upsert({ book_id: bookId, ...changes }, { onConflict: 'book_id' })
    .select(shivaColumns)
    .single()
  if (error) throw error
  return data
}

async function removeShivaDetails(bookId: string): Promise<void> {
  const supabase = await getTypedSupabase()
  const { error } = await supabase.from('book_shiva').delete().eq('book_id', bookId)
  if (error) throw error
}

export function useSaveShivaDetails(bookId: string) {
  const queryClient = useQueryClient()
  const refresh = (row: ShivaRow | null) => {
    queryClient.setQueryData(shivaQueryKey(bookId), row)
    void refreshBookViews(queryClient)
  }
  const save = useMutation({
    mutationFn: (changes: ShivaChanges) => saveShivaDetails(bookId, changes),
    onSuccess: refresh,
  })
  const remove = useMutation({ mutationFn: () => removeShivaDetails(bookId), onSuccess: () => refresh(null) })
  return { save, remove }
}
