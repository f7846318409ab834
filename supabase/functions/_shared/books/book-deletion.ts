/**
 * Deleting one book as `actor` (its owner or a platform admin), the one path delete-book and
 * delete-account take: a paid gift nobody claimed yet is cancelled and refunded first
 * (cancelGiftWithRefund; past its 14 days the gift rules refuse and nothing is deleted), then
 * delete_book_as() deletes the rows, queues the files and writes BOOK_DELETED (who, when) to the
 * security log; its files are queued and claimed for the caller, who removes them
 * (removeClaimedFiles) before it answers, then tells the owner.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { cancelGiftWithRefund } from '../gifts/gift-cancellation.ts'
import { refuseWithDatabaseError } from '../refusals/database-refusal.ts'
import { jsonbAnswer } from '../clients/jsonb.ts'

interface BookToDelete {
  pending_gift: boolean
  purchaser_user_id: string | null
}

export interface DeletedBook {
  owner_email: string | null
  full_name: string
  /** The names of the files only this book used, claimed for removal by this deletion. */
  files: string[]
  refunded_agorot: number
}

export async function deleteBookAs(service: ServiceClient, actor: string, book: string): Promise<DeletedBook> {
  const found = await service.rpc('book_for_deletion', { actor, book })
  if (found.error) refuseWithDatabaseError('book_for_deletion', found.error)
  const target = jsonbAnswer<BookToDelete>(found.data)
  const refunded =
    target.pending_gift && target.purchaser_user_id
      ? await cancelGiftWithRefund(service, target.purchaser_user_id, book)
      : 0
  const deletion = await service.rpc('delete_book_as', { actor, book })
  if (deletion.error) refuseWithDatabaseError('delete_book_as', deletion.error)
  return { ...jsonbAnswer<Omit<DeletedBook, 'refunded_agorot'>>(deletion.data), refunded_agorot: refunded }
}
