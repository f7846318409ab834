/**
 * The uuid of the book a link names (its uuid or its short code: shared/book-ref.ts). Limits per
 * book key on the uuid this answers, so a book named both ways is still one book.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { bookRefFilter } from '../../../../shared/book-ref.ts'

/** The uuid of the book `bookRef` names, or null when there is none. */
export async function resolveBookId(service: ServiceClient, bookRef: string): Promise<string | null> {
  const { column, value } = bookRefFilter(bookRef)
  const { data, error } = await service.from('memory_books').select('id').eq(column, value).maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  return data?.id ?? null
}
