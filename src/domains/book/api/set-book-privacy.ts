import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { refreshBookViews } from './book-keys'
import { toRefusal } from '@/lib/refusal'

/** Public (anyone with the link reads the memories) or family-code only. Owners and platform admins, by RLS. */
async function setBookPrivacy(id: string, isPublic: boolean): Promise<boolean> {
  const supabase = await getSupabase()
  const { data: rows, error } = await supabase
    .from('memory_books')
    .update({ is_public: isPublic })
    .eq('id', id)
    .select('is_public')
  if (error) throw toRefusal(error)
  if (rows[0]?.is_public !== isPublic) throw new Error('privacy not changed')
  return isPublic
}

export function useSetBookPrivacy(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (isPublic: boolean) => setBookPrivacy(id, isPublic),
    onSuccess: () => refreshBookViews(queryClient),
  })
}
