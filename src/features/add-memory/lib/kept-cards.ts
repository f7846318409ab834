import type { BookCard } from '@/domains/book/api/get-book-card'
import { readStorage, storageKeys, writeStorage } from '@/lib/browser-storage'

/**
 * The cards (name, dates, photo address: what the book's share page shows anyone) of the last
 * books this device opened to write in, so the page still opens, with its saved draft, when it
 * is reloaded while the server cannot be reached.
 */
const KEPT = 10

type Kept = Record<string, BookCard>

function readKept(): Kept {
  try {
    const parsed: unknown = JSON.parse(readStorage(storageKeys.writingCards) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Kept) : {}
  } catch {
    return {}
  }
}

export function keepCard(bookRef: string, card: BookCard): void {
  const others = Object.entries(readKept()).filter(([ref]) => ref !== bookRef)
  writeStorage(
    storageKeys.writingCards,
    JSON.stringify(Object.fromEntries([...others.slice(-(KEPT - 1)), [bookRef, card]])),
  )
}

export function keptCard(bookRef: string): BookCard | null {
  return readKept()[bookRef] ?? null
}
