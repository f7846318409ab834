import type { MyBook } from '@/domains/book/api/my-books'

/*
 * Which books the dashboard shows: the user's own books, except
 * pending gifts (a gift stays the recipient's to claim), and gifts the user claimed; failing
 * those, books where the user is a confirmed family admin. Newest first, as my_books returns them.
 */

/** Owned (claimed gifts included) and not a pending gift, nor a claimed gift not filled in yet. */
function isManagedBook(book: MyBook): boolean {
  return book.is_owner && book.gift_status !== 'pending' && !isUnfinishedClaimedGift(book)
}

/** A gift its claimer has not filled in yet (no name or creator). */
function isUnfinishedClaimedGift(book: MyBook): boolean {
  return book.is_claimer && (!book.full_name.trim() || !book.creator_name?.trim())
}

/** The books of the picker: managed books first, then family-admin books. */
export function dashboardBooks(books: readonly MyBook[]): MyBook[] {
  const managed = books.filter(isManagedBook)
  const administered = books.filter((book) => !isManagedBook(book) && book.is_family_admin)
  return [...managed, ...administered]
}

/** The book to show: the one asked for (by id) when it is among them, else the first by the rule. */
export function selectBook(books: readonly MyBook[], requestedId: string | null): MyBook | null {
  const candidates = dashboardBooks(books)
  return candidates.find((book) => book.id === requestedId) ?? candidates[0] ?? null
}

/** A claimed gift the recipient has not completed yet: the dashboard invites them to finish it. */
export function giftAwaitingWelcome(books: readonly MyBook[]): MyBook | null {
  return books.find(isUnfinishedClaimedGift) ?? null
}
