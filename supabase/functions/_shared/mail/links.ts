/** The app's addresses the e-mails' buttons open, on the site the reader uses. */
import { managementPath } from '../../../../shared/management-links.ts'

/** A book's reading page, by its short code. */
export function viewBookLink(site: string, shortCode: string): string {
  return `${site}/view-book/${encodeURIComponent(shortCode)}`
}

/** The personal area (the reader's books, gifts and requests), at the book `bookId` when given. */
export function dashboardLink(site: string, bookId?: string): string {
  return bookId ? `${site}/dashboard?book=${encodeURIComponent(bookId)}` : `${site}/dashboard`
}

/** The book's management page, opened at `memoryId` when given. */
export function managementLink(site: string, bookId: string, memoryId?: string): string {
  return `${site}${managementPath(bookId, memoryId)}`
}
