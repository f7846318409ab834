import { useEffect, useSyncExternalStore } from 'react'
import { getAuthSnapshot, subscribeToSnapshot } from '@/lib/auth-session/auth-session-store'

/** The signed-in user's book, as the header's menu needs it (share, add a family admin). */
export interface CurrentBook {
  /** memory_books.id (the book's uuid): /add-family-admin?book= */
  id: string
  /** memory_books.short_code (the short public code): /share/{shortCode} */
  shortCode: string
}

let currentBook: CurrentBook | null = null
const listeners = new Set<() => void>()

export function setCurrentBook(book: CurrentBook | null): void {
  if (book?.id === currentBook?.id && book?.shortCode === currentBook?.shortCode) return
  currentBook = book
  for (const listener of listeners) listener()
}

/** Whose book it is: another person's book must not outlive their session in this browser. */
let bookUserId = getAuthSnapshot().session.user?.id
subscribeToSnapshot(() => {
  const userId = getAuthSnapshot().session.user?.id
  if (userId === bookUserId) return
  const previousUserId = bookUserId
  bookUserId = userId
  if (previousUserId) setCurrentBook(null)
})

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The book the header's menu offers to share; null when the user has none (or it is not known yet). */
export function useCurrentBook(): CurrentBook | null {
  return useSyncExternalStore(subscribe, () => currentBook)
}

/**
 * For the screens that load the user's books (the dashboard): tells the header which book is the
 * user's, or that there is none (`null`). `undefined` (still loading) changes nothing. The value
 * stays after the screen unmounts and is forgotten on sign-out.
 */
export function usePublishCurrentBook(book: CurrentBook | null | undefined): void {
  const id = book?.id
  const shortCode = book?.shortCode
  const known = book !== undefined
  useEffect(() => {
    if (!known) return
    setCurrentBook(id && shortCode ? { id, shortCode } : null)
  }, [known, id, shortCode])
}
