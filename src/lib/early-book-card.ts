import type { Database } from '@/types/database'
import { imageVariantUrl } from './image-variants'
import { getPublicRpc } from './public-rpc'

type BookCardRow = Database['public']['Functions']['get_book_card']['Returns'][number]

/** The pages named after a book whose first screen shows its card (portrait, name). */
const BOOK_PAGE = /^\/(?:share|add-memory|view-book|memory-book|memories-slideshow)\/([^/]+)\/?$/

const requests = new Map<string, Promise<BookCardRow | null>>()

export const bookCardKey = (bookRef: string) => bookRef.trim().toUpperCase()

/** The portrait is the page's largest picture: it starts downloading as soon as its address is known. */
function preloadPortrait(card: BookCardRow | null): void {
  const href = imageVariantUrl(card?.profile_image_url, 240) ?? card?.profile_image_url
  if (!href || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'image'
  link.href = href
  link.setAttribute('fetchpriority', 'high')
  document.head.append(link)
}

/** Asks for the book card of the page at `pathname` before the page's code has loaded (no preflight). */
export function startBookCardRequest(pathname: string): void {
  const match = BOOK_PAGE.exec(pathname)
  if (!match?.[1]) return
  let bookRef: string
  try {
    bookRef = decodeURIComponent(match[1])
  } catch {
    return
  }
  if (!bookRef.trim() || requests.has(bookCardKey(bookRef))) return
  const request = getPublicRpc<BookCardRow>('get_book_card', { book_ref: bookRef }).then((rows) => rows[0] ?? null)
  request.then(preloadPortrait, () => undefined)
  requests.set(bookCardKey(bookRef), request)
}

/** The early request for this book's card, once: later fetches (a retry, a refresh) go the usual way. */
export function takeBookCardRequest(bookRef: string): Promise<BookCardRow | null> | undefined {
  const key = bookCardKey(bookRef)
  const request = requests.get(key)
  requests.delete(key)
  return request
}
