/** The app's addresses the e-mails' buttons open, on the site the reader uses. */
import { managementPath } from '../../../../shared/management-links.ts'

/** A book's reading page, by its short id. */
export function viewBookLink(site: string, bookId: string): string {
  return `${site}/view-book/${encodeURIComponent(bookId)}`
}

/** The personal area (the reader's books, gifts and requests), at the book `bookUuid` when given. */
export function dashboardLink(site: string, bookUuid?: string): string {
  return bookUuid ? `${site}/dashboard?book=${encodeURIComponent(bookUuid)}` : `${site}/dashboard`
}

/** The book's management page, opened at `memoryId` when given. */
export function managementLink(site: string, bookUuid: string, memoryId?: string): string {
  return `${site}${managementPath(bookUuid, memoryId)}`
}
