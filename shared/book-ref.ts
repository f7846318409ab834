/**
 * A book as a link, a route or a request names it (a book reference): its uuid or its short code,
 * in any case, surrounding spaces ignored. The database's private.resolve_book applies the same
 * rule; this is that rule for the app and the edge functions.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The memory_books column a book reference selects on (id for a uuid, short_code otherwise) and its value. */
export interface BookRefFilter {
  column: 'id' | 'short_code'
  value: string
}

export function bookRefFilter(bookRef: string): BookRefFilter {
  const reference = bookRef.trim()
  return UUID.test(reference)
    ? { column: 'id', value: reference.toLowerCase() }
    : { column: 'short_code', value: reference.toUpperCase() }
}

/** Whether a book reference is a book's uuid (memory_books.id, book_id in every other table). */
export function isBookId(bookRef: string): boolean {
  return UUID.test(bookRef.trim())
}
