import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mourningCalendarKeys } from './mourning-calendar-keys'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'

export type ShivaRow = Database['public']['Tables']['book_shiva']['Row']
export type ShivaChanges = Omit<ShivaRow, 'book_id' | 'updated_at'>

const shivaColumns = 'book_id,address,starts_on,ends_on,visiting_hours,note,map_url,updated_at'

/** The shiva details of a book the caller manages (RLS), or null when none were given. */
async function fetchShivaDetails(bookId: string, signal: AbortSignal): Promise<ShivaRow | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('book_shiva')
    .select(shivaColumns)
    .eq('book_id', bookId)
    .abortSignal(signal)
    .maybeSingle()
  if (error) throw toRefusal(error)
  return data
}

export function useShivaDetails(bookId: string) {
  return useQuery({
    queryKey: mourningCalendarKeys.shiva(bookId),
    queryFn: ({ signal }) => fetchShivaDetails(bookId, signal),
  })
}

async function saveShivaDetails(bookId: string, changes: ShivaChanges): Promise<ShivaRow> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('book_shiva')
    .upsert({ book_id: bookId, ...changes }, { onConflict: 'book_id' })
    .select(shivaColumns)
    .single()
  if (error) throw toRefusal(error)
  return data
}

async function removeShivaDetails(bookId: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.from('book_shiva').delete().eq('book_id', bookId)
  if (error) throw toRefusal(error)
}

export function useSaveShivaDetails(bookId: string) {
  const queryClient = useQueryClient()
  const refresh = (row: ShivaRow | null) => {
    queryClient.setQueryData(mourningCalendarKeys.shiva(bookId), row)
    void queryClient.invalidateQueries({ queryKey: mourningCalendarKeys.all })
  }
  const save = useMutation({
    mutationFn: (changes: ShivaChanges) => saveShivaDetails(bookId, changes),
    onSuccess: refresh,
  })
  const remove = useMutation({ mutationFn: () => removeShivaDetails(bookId), onSuccess: () => refresh(null) })
  return { save, remove }
}
