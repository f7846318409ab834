/**
 * The query keys of a book's mourning calendar. They start with 'book' like every book query
 * (bookKeys.all, a domain above this one), so a change to the book refreshes its calendar too.
 */
export const mourningCalendarKeys = {
  all: ['book', 'calendar'] as const,
  calendar: (bookRef: string, accessGrant: string | null) =>
    [...mourningCalendarKeys.all, bookRef, accessGrant ?? ''] as const,
  /** The shiva details its managers edit; saving them refreshes every calendar (where shiva shows). */
  shiva: (bookId: string) => ['book', 'shiva', bookId] as const,
}
