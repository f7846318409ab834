/** The gender a book's family gave its deceased, for a mail built from a database answer that lacks it. */
import type { ServiceClient } from '../clients/clients.ts'
import { bookRefFilter } from '../../../../shared/book-ref.ts'

/** memory_books.deceased_gender of the book `bookRef` names (its uuid or its short code); null when none. */
export async function deceasedGenderOfBook(service: ServiceClient, bookRef: string): Promise<string | null> {
  const { column, value } = bookRefFilter(bookRef)
  const { data, error } = await service.from('memory_books').select('deceased_gender').eq(column, value).maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  return data?.deceased_gender ?? null
}
