import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { refreshBookViews } from './book-keys'
import { toRefusal } from '@/lib/refusal'

/** A new 6-character family code for the book (generate_family_code: owner or platform admin); the old one stops working. */
async function regenerateFamilyCode(bookId: string): Promise<string> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('generate_family_code', { book: bookId })
  if (error) throw toRefusal(error)
  return data
}

export function useRegenerateFamilyCode(bookId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => regenerateFamilyCode(bookId),
    onSuccess: () => refreshBookViews(queryClient),
  })
}
