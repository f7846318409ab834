/**
 * The query keys of reading a book that are not the book's own (those are bookKeys). A family code
 * check counts as an attempt on the server, so it lives outside 'book': a change to the book must
 * not send the code again.
 */
export const readingKeys = {
  all: ['reading'] as const,
  familyCodeCheck: (bookId: string | undefined, code: string | null, linkKey: string | null) =>
    [...readingKeys.all, 'family-code-check', bookId, code, linkKey] as const,
}
