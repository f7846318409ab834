/**
 * The address of a book's management page, which the app routes and the e-mails link to: opened
 * at one memory (a digest's hide link), the page scrolls to that memory with its hide action ready.
 */

/** The query parameter naming the memory the management page opens at. */
export const MANAGED_MEMORY_PARAM = 'memory'

/** /admin-dashboard?book={book uuid}, with &memory={memory id} to open at that memory. */
export function managementPath(bookId: string, memoryId?: string): string {
  const query = new URLSearchParams({ book: bookId })
  if (memoryId) query.set(MANAGED_MEMORY_PARAM, memoryId)
  return `/admin-dashboard?${query.toString()}`
}
