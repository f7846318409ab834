import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toBookApiError } from '@/domains/book/api/api-error'
import { refreshBookViews } from '@/domains/book/api/book-keys'
import { getTypedSupabase } from '@/lib/supabase'

/** Owner or platform admin: hides a memory from visitors, or shows it again (RLS allows only them). */
async function setMemoryHidden(memoryId: string, hidden: boolean): Promise<void> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase
    .from('memory_entries')
    .update({ is_hidden: hidden })
    .eq('id', memoryId)
    .select('id')
  if (error) throw toBookApiError(error)
  if (!data?.length) throw new Error('memory not changed')
}

/** Owner or platform admin: deletes a memory (its files go with it, by the database's trigger). */
async function deleteMemory(memoryId: string): Promise<void> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.from('memory_entries').delete().eq('id', memoryId).select('id')
  if (error) throw toBookApiError(error)
  if (!data?.length) throw new Error('memory not deleted')
}

type Moderation = { memoryId: string; action: 'hide' | 'show' | 'delete' }

export function useModerateMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ memoryId, action }: Moderation) =>
      action === 'delete' ? deleteMemory(memoryId) : setMemoryHidden(memoryId, action === 'hide'),
    // Every view of the book shows its memories or their counts.
    onSettled: () => refreshBookViews(queryClient),
  })
}
