import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BookDeleted } from '@contracts/delete-book.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { refreshBookViews } from './book-keys'

/**
 * Deletes a book through the delete-book function (owner or platform admin): its rows, its files
 * through the Storage API, a pending gift cancelled and refunded first, the security log written
 * and the owner e-mailed. A refusal's Hebrew message arrives as a Refusal.
 */
export function deleteBook(id: string): Promise<BookDeleted> {
  return invokeEdgeFunction('delete-book', { book_id: id })
}

export function useDeleteBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBook,
    // Not awaited: the screen that deleted the book must still be mounted to say so and leave,
    // and a refetch of that screen's own book would replace it first.
    onSuccess: () => {
      void refreshBookViews(queryClient)
    },
  })
}
