import type { Database } from '@contracts/database.ts'
import { shownImageUrl } from '../../../lib/image-variants'
import { startEarlyRequest, takeArrivedAnswer, takeEarlyRequest } from '../../../lib/early-requests'
import { getPublicRpc } from '../../../lib/public-rpc'

type BookCardRow = Database['public']['Functions']['get_book_card']['Returns'][number]

/** The pages named after a book whose first screen shows its card (portrait, name). */
const BOOK_PAGE = /^\/(share|add-memory|view-book|memory-book|memories-slideshow)\/([^/]+)\/?$/

/** The kind of book page at `pathname` (`share`, `view-book`…), or null for any other page. */
export function bookPageOf(pathname: string): string | null {
  return BOOK_PAGE.exec(pathname)?.[1] ?? null
}

/** The add-memory page shows the portrait above its form, without the banner. */
const PAGES_WITHOUT_BANNER = new Set(['add-memory'])

export const bookCardKey = (bookRef: string) => bookRef.trim().toUpperCase()

/**
 * The banner and the portrait are the first screen's pictures (the banner its largest element): they
 * start downloading as soon as their addresses are known, at the sizes BookProfile shows.
 */
function preloadPictures(card: BookCardRow | null, withBanner: boolean): void {
  if (withBanner) preloadImage(shownImageUrl(card?.background_image_url, 800))
  preloadImage(shownImageUrl(card?.profile_image_url, 240))
}

function preloadImage(href: string | null | undefined): void {
  if (!href || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return
  const link = document.createElement('link')
  link.rel = 'preload'
  link.as = 'image'
  link.href = href
  link.setAttribute('fetchpriority', 'high')
  document.head.append(link)
}

const earlyCardKey = (bookRef: string) => `card:${bookCardKey(bookRef)}`

/**
 * Asks for the book card of the page at `pathname` before the page's code has loaded (no preflight),
 * and returns the request; undefined on any other page.
 */
export function startBookCardRequest(pathname: string): Promise<BookCardRow | null> | undefined {
  const match = BOOK_PAGE.exec(pathname)
  if (!match?.[1] || !match[2]) return undefined
  let bookRef: string
  try {
    bookRef = decodeURIComponent(match[2])
  } catch {
    return undefined
  }
  if (!bookRef.trim()) return undefined
  const withBanner = !PAGES_WITHOUT_BANNER.has(match[1])
  return startEarlyRequest(earlyCardKey(bookRef), async () => {
    const [card = null] = await getPublicRpc<BookCardRow>('get_book_card', { book_ref: bookRef })
    preloadPictures(card, withBanner)
    return card
  })
}

/** The early request for this book's card, once: later fetches (a retry, a refresh) go the usual way. */
export function takeBookCardRequest(bookRef: string): Promise<BookCardRow | null> | undefined {
  return takeEarlyRequest(earlyCardKey(bookRef))
}

/**
 * The early card, once, when it has already arrived: the app's first render then shows the book at
 * once (the head script may have painted it already, src/domains/book/lib/book-shell.ts).
 */
export function takeArrivedBookCard(bookRef: string): { value: BookCardRow | null } | undefined {
  return takeArrivedAnswer(earlyCardKey(bookRef))
}

const earlyReaderCardKey = (bookId: string, accessGrant: string) => `reader-card:${bookId}:${accessGrant}`

/**
 * Asks for a private book's card with the reader's access grant (its pictures at signed addresses)
 * as soon as the head script holds the grant, and preloads the banner and the portrait.
 */
export function startReaderCardRequest(bookId: string, accessGrant: string): Promise<BookCardRow | null> {
  return startEarlyRequest(earlyReaderCardKey(bookId, accessGrant), async () => {
    const [card = null] = await getPublicRpc<BookCardRow>('get_book_card', {
      book_ref: bookId,
      access_grant: accessGrant,
    })
    preloadPictures(card, true)
    return card
  })
}

/** The head script's reader card for this grant, once: later fetches go the usual way. */
export function takeReaderCardRequest(bookId: string, accessGrant: string): Promise<BookCardRow | null> | undefined {
  return takeEarlyRequest(earlyReaderCardKey(bookId, accessGrant))
}
