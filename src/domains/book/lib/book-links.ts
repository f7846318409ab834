/*
 * The links of a memory book, built from its short public code (memory_books.book_id). Absolute
 * links use the page's own origin, so they work on any host (local, preview, production).
 */

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin
}

const encode = encodeURIComponent

/** The public invitation page: {origin}/share/{bookCode}[?family=true]. */
export function shareUrl(bookCode: string, { family = false }: { family?: boolean } = {}): string {
  return `${origin()}/share/${encode(bookCode)}${family ? '?family=true' : ''}`
}

export interface AddMemoryLinkOptions {
  /** Family entrants: the family-code gate first, unless `authorized`. */
  family?: boolean
  /** A signed-in owner or family admin coming from their own screens (the server checks it). */
  authorized?: boolean
}

/** The add-memory form: /add-memory/{bookCode}[?family=true[&authorized=true]]. */
export function addMemoryPath(
  bookCode: string,
  { family = false, authorized = false }: AddMemoryLinkOptions = {},
): string {
  const query = new URLSearchParams()
  if (family || authorized) query.set('family', 'true')
  if (authorized) query.set('authorized', 'true')
  const search = query.toString()
  return `/add-memory/${encode(bookCode)}${search ? `?${search}` : ''}`
}

export function addMemoryUrl(bookCode: string, options: AddMemoryLinkOptions = {}): string {
  return `${origin()}${addMemoryPath(bookCode, options)}`
}

/** The family's link carries the code and the link's key, which opens the book even while typed codes are paused. */
export interface FamilyLink {
  code?: string | null
  key?: string | null
}

/** The book itself: /view-book/{bookCode}[?code={family code}&key={link key}]. */
export function viewBookPath(bookCode: string, family: FamilyLink = {}): string {
  const query = new URLSearchParams()
  if (family.code) query.set('code', family.code)
  if (family.key) query.set('key', family.key)
  const search = query.toString()
  return `/view-book/${encode(bookCode)}${search ? `?${search}` : ''}`
}

export function viewBookUrl(bookCode: string, family: FamilyLink = {}): string {
  return `${origin()}${viewBookPath(bookCode, family)}`
}

/** The QR page of a book (opened in a new tab from the share dialog and the dashboard). */
export function qrDisplayPath(bookCode: string): string {
  return `/qr-display?book=${encode(bookCode)}`
}

/** A WhatsApp "send this text" link (opens the app on phones, WhatsApp Web elsewhere). */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encode(text)}`
}

/** A mailto: link with subject and body, for the visitor's own mail app. */
export function mailtoUrl(subject: string, body: string): string {
  return `mailto:?subject=${encode(subject)}&body=${encode(body)}`
}
