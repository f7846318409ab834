import type { QueryClient } from '@tanstack/react-query'
import { bookCardKey } from '@/domains/book/lib/early-book-card'

/**
 * The one query-key factory of books. Every query that shows a book starts with 'book', so a change
 * to any book refreshes every screen that shows it (dashboard, management, view, share, QR).
 */
export const bookKeys = {
  all: ['book'] as const,
  mine: () => [...bookKeys.all, 'mine'] as const,
  card: (bookRef: string) => [...bookKeys.all, 'card', bookCardKey(bookRef)] as const,
  access: (bookId: string) => [...bookKeys.all, 'access', bookId] as const,
  readerRole: (bookId: string) => [...bookKeys.all, 'reader-role', bookId] as const,
  memories: (bookId: string) => [...bookKeys.all, 'memories', bookId] as const,
  memoriesFor: (bookId: string, accessGrant: string | null) =>
    [...bookKeys.memories(bookId), accessGrant ?? ''] as const,
  editable: (id: string) => [...bookKeys.all, 'editable', id] as const,
  management: (id: string) => [...bookKeys.all, 'management', id] as const,
  managementFor: (bookRef: string, userId: string) => [...bookKeys.management(bookRef), userId] as const,
  readerCard: (bookId: string, accessGrant: string | null) =>
    [...bookKeys.card(bookId), 'reader', accessGrant ?? ''] as const,
  qrImage: (link: string) => [...bookKeys.all, 'qr', link] as const,
  /** Outside 'book': a change to the book must not restart an export that is being written. */
  export: (bookId: string) => ['book-export', bookId] as const,
}

/** After a book changed (details, privacy, family code, memories) or was deleted or created. */
export function refreshBookViews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bookKeys.all })
}
