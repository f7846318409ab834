/** The gender a book's family gave its deceased, for a mail built from a database answer that lacks it. */
import type { ServiceClient } from '../clients/clients.ts'

/** memory_books.deceased_gender of the book whose uuid (`id`) or short id (`book_id`) this is; null when none. */
export async function deceasedGenderOfBook(
  service: ServiceClient,
  by: 'id' | 'book_id',
  value: string,
): Promise<string | null> {
  const { data, error } = await service.from('memory_books').select('deceased_gender').eq(by, value).maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  return data?.deceased_gender ?? null
}
