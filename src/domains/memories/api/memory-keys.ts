/** The query keys of memories outside a book's reading: the news of new ones and a memory's draft. */
export const memoryKeys = {
  all: ['memories'] as const,
  news: (bookId: string) => [...memoryKeys.all, 'news', bookId] as const,
  draft: (bookId: string) => [...memoryKeys.all, 'draft', bookId] as const,
}
