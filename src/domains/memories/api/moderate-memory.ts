import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toRefusal } from '@/lib/refusal'
import { refreshBookViews } from '@/domains/book/api/book-keys'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { getSupabase } from '@/lib/supabase'

/**
 * Owner or platform admin: hides a memory from visitors, or shows it again (RLS allows only them).
 * Counted, not returned: nobody may read a memory's whole row (its author's account is not readable).
 */
async function setMemoryHidden(memoryId: string, hidden: boolean): Promise<void> {
  const supabase = await getSupabase()
  const { count, error } = await supabase
    .from('memory_entries')
    .update({ is_hidden: hidden }, { count: 'exact' })
    .eq('id', memoryId)
  if (error) throw toRefusal(error)
  if (!count) throw new Error('memory not changed')
}

/**
 * Owner or platform admin: deletes a memory through the delete-memory function, which removes its
 * photos and video through the Storage API before it answers (they stop being reachable at once).
 */
async function deleteMemory(memoryId: string): Promise<void> {
  await invokeEdgeFunction('delete-memory', { memory_id: memoryId })
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
