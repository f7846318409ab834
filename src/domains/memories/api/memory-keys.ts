/** The query keys of memories outside a book's reading: the news of new ones and a memory's draft. */
export const memoryKeys = {
  all: ['memories'] as const,
  news: (bookUuid: string) => [...memoryKeys.all, 'news', bookUuid] as const,
  draft: (bookUuid: string) => [...memoryKeys.all, 'draft', bookUuid] as const,
}
