/**
 * A book as a link names it: its uuid or its short code (any case, surrounding spaces ignored),
 * the same rule as the database's private.resolve_book. Limits per book key on the uuid this
 * answers, so a book named both ways is still one book.
 */
import type { ServiceClient } from '../clients/clients.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The uuid of the book `bookRef` names, or null when there is none. */
export async function resolveBookUuid(service: ServiceClient, bookRef: string): Promise<string | null> {
  const reference = bookRef.trim()
  const query = service.from('memory_books').select('id')
  const { data, error } = await (
    UUID.test(reference) ? query.eq('id', reference.toLowerCase()) : query.eq('book_id', reference.toUpperCase())
  ).maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  return data?.id ?? null
}
