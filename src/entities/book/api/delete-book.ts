import { useMutation, useQueryClient } from '@tanstack/react-query'
import { withNetworkRetry } from '@/lib/retry'
import { getTypedSupabase } from '@/lib/supabase'
import { refreshBookViews } from './book-keys'

/**
 * Deletes a book with its memories and files (the database's triggers remove them). The owner
 * deletes through RLS; a platform admin through admin_delete_book, which logs the action.
 */
async function deleteBook(id: string, asPlatformAdmin: boolean): Promise<void> {
  const supabase = await getTypedSupabase()
  await withNetworkRetry(async () => {
    if (asPlatformAdmin) {
      const { data, error } = await supabase.rpc('admin_delete_book', { book: id })
      if (error) throw error
      if (!data) throw new Error('book not deleted')
      return
    }
    const { data, error } = await supabase.from('memory_books').delete().eq('id', id).select('id')
    if (error) throw error
    if (!data.length) throw new Error('book not deleted')
  })
}

export function useDeleteBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, asPlatformAdmin }: { id: string; asPlatformAdmin: boolean }) => deleteBook(id, asPlatformAdmin),
    // Not awaited: the screen that deleted the book must still be mounted to say so and leave,
    // and a refetch of that screen's own book would replace it first.
    onSuccess: () => {
      void refreshBookViews(queryClient)
    },
  })
}
