import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BookDetails as NewBookDetails, CreatedBook } from '@contracts/create-memory-book.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import { refreshBookViews } from '@/domains/book/api/book-keys'

export type { NewBookDetails }

/**
 * Creates the book a paid session bought (create-memory-book). The server checks that the session
 * is the caller's, paid and unused; plan and owner come from it, never from here.
 */
function createMemoryBook(sessionId: string, details: NewBookDetails): Promise<CreatedBook> {
  return invokeEdgeFunction('create-memory-book', { session_id: sessionId, ...details })
}

/** Spends a paid session on the caller's existing unpaid book (the incomplete-payment banner). */
function payForExistingBook(sessionId: string, bookId: string): Promise<CreatedBook> {
  return invokeEdgeFunction('create-memory-book', { session_id: sessionId, book_id: bookId })
}

export function useCreateMemoryBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ sessionId, details }: { sessionId: string; details: NewBookDetails }) =>
      createMemoryBook(sessionId, details),
    onSuccess: () => refreshBookViews(queryClient),
  })
}

export function usePayForExistingBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ sessionId, bookId }: { sessionId: string; bookId: string }) => payForExistingBook(sessionId, bookId),
    onSuccess: () => refreshBookViews(queryClient),
  })
}
