/**
 * What join-as-admin and ownership-transfer share: what their e-mails (to owners, new family
 * admins and transfer invitees) say of a book.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { mailText } from '../mail/mail.ts'
import type { DeceasedOfMail } from '../mail/frame.ts'

/** What the mails say of a book: its name as mailText makes it fit for a subject or greeting. */
export interface BookFacts {
  id: string
  short_code: string
  full_name: string
  deceased_gender: string | null
  owner_email: string | null
}

export async function bookFacts(service: ServiceClient, bookId: string): Promise<BookFacts | null> {
  const { data, error } = await service
    .from('memory_books')
    .select('id, short_code, full_name, deceased_gender, owner_email')
    .eq('id', bookId)
    .maybeSingle()
  if (error) throw new Error(`memory_books: ${error.message}`)
  const book = data
  return book && { ...book, full_name: mailText(book.full_name) }
}

/** The book as an e-mail's header names it. */
export function deceasedOf(book: BookFacts): DeceasedOfMail {
  return { name: book.full_name, gender: book.deceased_gender }
}
